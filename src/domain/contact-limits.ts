// The contact form's limits and its docs/product.md §9 answer (the schema, ./contact.ts, builds on them).
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const

/** docs/product.md §9: what the client says once the server answered 200. */
export const MESSAGE_SENT = 'Message sent'

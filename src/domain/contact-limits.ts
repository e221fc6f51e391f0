// The contact form's limits and its docs/product.md §9 answer, apart from its schema (contact.ts) so that the
// client reads them without loading zod: zod probes `new Function` as it builds a schema, which the
// Content-Security-Policy refuses and the browser reports as a violation.
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const

/** docs/product.md §9: what the client says once the server answered 200. */
export const MESSAGE_SENT = 'Message sent'

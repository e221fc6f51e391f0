// The client's ladder, top to bottom: each layer of src/ imports only the layers below it, never one above
// (docs/architecture.md, Layers). eslint.config.js generates its zones from it; tests/lint/layers.test.ts tries
// every pair. `ui`, the UI kit, is below offline (whose prompts and refusal toast use its toasts and icons)
// and above lib (its forms and load errors read the API client's errors).
export const LADDER = ['app', 'features', 'entities', 'offline', 'ui', 'lib', 'i18n', 'domain'] as const

export type Layer = (typeof LADDER)[number]

/**
 * The back office's application (src/back-office: its entry, route tree and layout), on the ladder's top rung
 * beside the renter's app: it imports what app may, and neither of the two imports the other.
 */
export const BACK_OFFICE_LAYER = 'back-office'

// The client's ladder, top to bottom: each layer of src/ imports only the layers below it, never one above
// (docs/architecture.md, Layers). eslint.config.js generates its zones from it; tests/lint/layers.test.ts tries
// every pair.
export const LADDER = ['app', 'features', 'entities', 'offline', 'lib', 'i18n', 'domain'] as const

export type Layer = (typeof LADDER)[number]

/** The product's name: a proper noun, the same in every language. */
export const APP_NAME = 'Haven'

/** The search and book buttons: the theme's amber 4 under near-black text (8.3:1 contrast). */
export const CALL_TO_ACTION = { color: 'amber.4', c: 'dark.9' } as const

/** The product's name: a proper noun, the same in every language. */
export const APP_NAME = 'Haven'

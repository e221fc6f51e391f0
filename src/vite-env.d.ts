/// <reference types="vite/client" />

/** The build's identity, defined by vite.config.ts; busts the persisted query cache when a new build ships. */
declare const __BUILD_ID__: string

// The Lingui Vite plugin compiles a .po catalog on import into a module exporting its messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

// Mantine's stylesheets for the components the sources use, in Mantine's order (scripts/mantine-styles.ts).
declare module 'virtual:mantine-styles' {}

// The saved places' declaration (docs/architecture.md, A feature declares itself): their screen, and their
// commands (src/entities/favourite/favourite-commands.ts), which the saved-place entity holds as the heart on
// every card makes them.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'favourites',
  // The entities' texts: a property's card and labels.
  needs: ['entities'],
  screens: {
    favourites: {
      path: '/favourites',
      module: 'favourites-page.tsx',
      export: 'FavouritesPage',
    },
  },
})

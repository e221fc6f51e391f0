// The home feature's declaration (docs/architecture.md, A feature declares itself): the home page, and the
// agencies and destinations its sections lead to, all three rendered by the server.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'home',
  // The entities' texts: a property's card and labels, the place picker, the stay's dates.
  needs: ['entities'],
  screens: {
    home: {
      path: '/',
      module: 'home-page.tsx',
      export: 'HomePage',
      head: 'HOME_HEAD',
      rendered: { reads: [] },
      landing: true,
    },
    agencies: {
      path: '/agencies',
      module: 'agencies-page.tsx',
      export: 'AgenciesPage',
      head: 'AGENCIES_HEAD',
      rendered: { reads: [] },
    },
    destinations: {
      path: '/destinations',
      module: 'destinations-page.tsx',
      export: 'DestinationsPage',
      head: 'DESTINATIONS_HEAD',
      rendered: { reads: [] },
    },
  },
})

// The property feature's declaration (docs/architecture.md, A feature declares itself): a property's page,
// which the server renders for people arriving from a search engine or a shared link.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'property',
  // The entities' texts: a property's labels, the stay's dates and calendar, the heart.
  needs: ['entities'],
  screens: {
    property: {
      path: '/property',
      module: 'property-page.tsx',
      export: 'PropertyPage',
      // Its parameters (property-params.ts).
      rendered: { reads: ['id', 'from', 'to'] },
      landing: true,
    },
  },
})

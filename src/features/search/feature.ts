// The search feature's declaration (docs/architecture.md, A feature declares itself): the search, which the
// server renders for people arriving from a search engine or a shared link.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'search',
  // The entities' texts: a property's card and labels, the place picker, the stay's dates.
  needs: ['entities'],
  screens: {
    search: {
      path: '/search',
      module: 'search-page.tsx',
      export: 'SearchPage',
      head: 'SEARCH_HEAD',
      // Its filters (search-params.ts, validateSearchScreenParams).
      rendered: {
        // prettier-ignore
        reads: [
          'location', 'agency', 'types', 'terms', 'availability', 'from', 'to', 'q',
          'minPrice', 'maxPrice', 'minTotal', 'maxTotal', 'bedrooms', 'furnished', 'pets', 'sort', 'view',
        ],
      },
      landing: true,
    },
  },
})

// The catalog feature's declaration (docs/architecture.md, A feature declares itself). Its landing screens
// (home, a search, a property) and its saved places have catalogs of their own beside the catalog's shared
// one, so that a first visit loads the messages of the screen it opens; the server renders the screens people
// arrive on from a search engine or a shared link, and the build the home page.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'catalog',
  needs: [],
  // What the bookings' screens show of a property too: in src/lib, as features do not import each other.
  holds: ['src/lib/property-labels.ts', 'src/lib/stay-dates.tsx', 'src/lib/stay-calendar.tsx'],
  writes: 'favourite-mutation-definitions.ts',
  screens: {
    home: {
      path: '/',
      module: 'home-page.tsx',
      export: 'HomePage',
      catalog: {
        name: 'home',
        files: [
          'home-page.tsx',
          'components/hero-search.tsx',
          'components/marketing-points.tsx',
          'components/featured-properties.tsx',
        ],
      },
      prerendered: true,
      landing: true,
    },
    search: {
      path: '/search',
      module: 'search-page.tsx',
      export: 'SearchPage',
      head: 'SEARCH_HEAD',
      catalog: {
        name: 'search',
        files: [
          'search-page.tsx',
          'components/search-filters.tsx',
          'components/filters-drawer.tsx',
          'components/results-map.tsx',
        ],
      },
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
    property: {
      path: '/property',
      module: 'property-page.tsx',
      export: 'PropertyPage',
      catalog: {
        name: 'property',
        files: [
          'property-page.tsx',
          'components/booking-bar.tsx',
          'components/option-value.tsx',
          'components/gallery',
        ],
      },
      rendered: { reads: ['id', 'from', 'to'] },
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
    favourites: {
      path: '/favourites',
      module: 'favourites-page.tsx',
      export: 'FavouritesPage',
      catalog: { name: 'favourites', files: ['favourites-page.tsx'] },
    },
  },
})

// The back office's administration (docs/product.md §16), an administrator's only: the platform at a glance
// (the administrator's first screen), the users and their acts, the agencies, and the places.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'office-admin',
  application: 'backend',
  needs: ['account'],
  screens: {
    overview: { path: '/admin/overview', module: 'overview-page.tsx', export: 'OverviewPage' },
    users: { path: '/admin/users', module: 'users-page.tsx', export: 'UsersPage' },
    user: { path: '/admin/users/$id', module: 'user-page.tsx', export: 'UserPage' },
    agencies: { path: '/admin/agencies', module: 'agencies-page.tsx', export: 'AgenciesPage' },
    newAgency: { path: '/admin/agencies/new', module: 'new-agency-page.tsx', export: 'NewAgencyPage' },
    agency: { path: '/admin/agencies/$id', module: 'agency-page.tsx', export: 'AgencyPage' },
    places: { path: '/admin/places', module: 'places-page.tsx', export: 'PlacesPage' },
    country: { path: '/admin/places/countries/$id', module: 'country-page.tsx', export: 'CountryPage' },
    location: { path: '/admin/places/locations/$id', module: 'location-page.tsx', export: 'LocationPage' },
  },
})

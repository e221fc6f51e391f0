// The back office's listings (docs/product.md §6, Listings): the list of an agency's properties (every one for
// an administrator), to search, sort, hide or show, mark sold out or available and delete; and the property
// form, to create or edit one with its images.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'office-listings',
  application: 'backend',
  // `account`: the form's field and refusal texts; `entities`: the property types' and rental terms' names.
  needs: ['account', 'entities'],
  screens: {
    listings: { path: '/admin/properties', module: 'listings-page.tsx', export: 'ListingsPage' },
    newListing: { path: '/admin/properties/new', module: 'new-listing-page.tsx', export: 'NewListingPage' },
    editListing: {
      path: '/admin/properties/$id',
      module: 'edit-listing-page.tsx',
      export: 'EditListingPage',
    },
  },
})

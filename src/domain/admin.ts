// What only an administrator does (docs/product.md §16, Administration), written once for the server and the
// back office: the acts the record names, the states a user is listed by, and the refusals, each with its
// API error code and English message (translated by the clients).

/** The kinds of record an act is about: the specification's log kinds, less what the back office's own is. */
export const ADMIN_SUBJECTS = ['USER', 'AGENCY', 'COUNTRY', 'LOCATION'] as const
export type AdminSubject = (typeof ADMIN_SUBJECTS)[number]

/** Every administrative act the record names (the `admin_acts` table's `action`). */
export const ADMIN_ACTIONS = [
  'suspend',
  'liftSuspension',
  'resendActivation',
  'startPasswordReset',
  'createAgency',
  'updateAgency',
  'setAgencyLogo',
  'deactivateAgency',
  'reactivateAgency',
  'deleteAgency',
  'createCountry',
  'updateCountry',
  'deleteCountry',
  'createLocation',
  'updateLocation',
  'deleteLocation',
] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

/** A user's state in the list: suspended (blacklisted) first, then not activated yet, else active. */
export const USER_STATES = ['active', 'inactive', 'suspended'] as const
export type UserState = (typeof USER_STATES)[number]

/** Users per page of the back office's list (the specification's page size). */
export const ADMIN_USERS_PAGE_SIZE = 30

/** An agency's logo, in pixels (the specification's agency image). */
export const AGENCY_LOGO_WIDTH = 60
export const AGENCY_LOGO_HEIGHT = 30

/** Why an administrative act is refused: the API's error code, and the English message. */
export const ADMIN_REFUSALS = {
  admin_only: 'Only an administrator can do this.',
  suspend_renters_only: 'Only a renter’s account can be suspended: an agency is deactivated instead.',
  already_activated: 'This account is already activated.',
  agency_has_bookings:
    'This agency cannot be deleted: a booking holds one of its properties. Deactivate it instead.',
  location_in_use: 'This place cannot be deleted: a property is in it.',
  location_has_places: 'This place cannot be deleted: other places are inside it.',
  country_in_use: 'This country cannot be deleted: it has places, or an agency serves it.',
  country_code_taken: 'Another country already has this code.',
} as const
export type AdminRefusal = keyof typeof ADMIN_REFUSALS

// Every API route's method and path, written here and nowhere else (docs/api.md describes them): the server
// registers each from its key (server/routes/contract.ts), the client calls it by the same key
// (`call` in src/lib/api-client.ts). Plain strings, one export each, so a chunk carries only the paths it
// calls; each resource's module of this folder gives a key its schemas.
import type { RouteKey } from './route.ts'

// The catalog: agencies, places, the search, a property and its held nights (./catalog.ts)
export const allAgencies = 'GET /api/all-agencies' satisfies RouteKey
export const countriesWithLocations = 'GET /api/countries-with-locations/:language' satisfies RouteKey
export const searchProperties = 'POST /api/properties/search' satisfies RouteKey
export const getProperty = 'GET /api/property/:id/:language' satisfies RouteKey
export const propertyAvailability = 'GET /api/property-availability/:id' satisfies RouteKey

// Saved places (./favourites.ts)
export const listFavourites = 'GET /api/favourites/:userId/:language' satisfies RouteKey
export const setFavourite = 'POST /api/favourite/:userId/:propertyId' satisfies RouteKey
export const addFavourites = 'POST /api/add-favourites/:userId' satisfies RouteKey

// Notifications and web push (./notifications.ts)
export const listNotifications = 'GET /api/notifications/:userId/:page/:pageSize' satisfies RouteKey
export const notificationCounter = 'GET /api/notification-counter/:userId' satisfies RouteKey
export const markNotificationsRead = 'POST /api/mark-notifications-as-read/:userId' satisfies RouteKey
export const markNotificationsUnread = 'POST /api/mark-notifications-as-unread/:userId' satisfies RouteKey
export const deleteNotifications = 'POST /api/delete-notifications/:userId' satisfies RouteKey
export const pushKey = 'GET /api/push-key' satisfies RouteKey
export const subscribePush = 'POST /api/push-subscription' satisfies RouteKey
export const unsubscribePush = 'POST /api/delete-push-subscription' satisfies RouteKey

// The server's health, exchange rates, the map's style (./health.ts, ./rates.ts, ./map.ts)
export const health = 'GET /api/health' satisfies RouteKey
export const exchangeRates = 'GET /api/rates' satisfies RouteKey
export const mapConfig = 'GET /api/map-config' satisfies RouteKey

// The contact form (./contact.ts)
export const sendEmail = 'POST /api/send-email' satisfies RouteKey

// Social sign-in, the public sign-in configuration, reCAPTCHA, the visitor's country (./social.ts)
export const authConfig = 'GET /api/auth-config' satisfies RouteKey
export const socialSignIn = 'POST /api/social-sign-in' satisfies RouteKey
export const verifyRecaptcha = 'POST /api/verify-recaptcha/:token/:ip' satisfies RouteKey
export const countryCode = 'GET /api/country-code' satisfies RouteKey

// Checkout and the renter's bookings (./bookings.ts)
export const bookingPrice = 'POST /api/booking-price' satisfies RouteKey
export const checkout = 'POST /api/checkout' satisfies RouteKey
export const ownHolds = 'GET /api/own-holds/:id' satisfies RouteKey
export const listBookings = 'POST /api/bookings' satisfies RouteKey
export const getBooking = 'GET /api/booking/:id/:language' satisfies RouteKey
export const cancelBooking = 'POST /api/cancel-booking/:id' satisfies RouteKey
export const withdrawCancellation = 'POST /api/withdraw-cancellation/:id' satisfies RouteKey
export const amendmentPrice = 'POST /api/amendment-price/:id' satisfies RouteKey
export const amendBooking = 'POST /api/amend-booking/:id' satisfies RouteKey
/** A renter's message in their booking's timeline (the agency's: `officeBookingMessage`). */
export const bookingMessage = 'POST /api/booking-message/:id' satisfies RouteKey

// The back office: its bookings, their decisions and timeline, the calendar and blocked nights (./back-office.ts)
export const decideBooking = 'POST /api/decide-booking/:id' satisfies RouteKey
export const backOfficeBookings = 'GET /api/back-office/bookings' satisfies RouteKey
export const backOfficeBooking = 'GET /api/back-office/bookings/:id' satisfies RouteKey
export const backOfficeCalendar = 'GET /api/back-office/calendar' satisfies RouteKey
export const blockNights = 'POST /api/back-office/blocked-nights' satisfies RouteKey
export const unblockNights = 'DELETE /api/back-office/blocked-nights/:id' satisfies RouteKey
export const officeBookingMessage = 'POST /api/back-office/bookings/:id/messages' satisfies RouteKey

// Online payments: Stripe's return and webhook, PayPal's two calls (./payments.ts)
export const checkCheckoutSession = 'POST /api/check-checkout-session/:sessionId' satisfies RouteKey
export const createPayPalOrder = 'POST /api/create-paypal-order/' satisfies RouteKey
export const checkPayPalOrder = 'POST /api/check-paypal-order/:bookingId/:orderId' satisfies RouteKey
export const stripeWebhook = 'POST /api/stripe-webhook' satisfies RouteKey

// Accounts: sign-up, its links, sign-in and sign-out, the session (./accounts.ts)
export const signUp = 'POST /api/sign-up' satisfies RouteKey
export const validateEmail = 'POST /api/validate-email' satisfies RouteKey
export const checkToken = 'GET /api/check-token/:appType/:userId/:email/:token' satisfies RouteKey
export const deleteTokens = 'DELETE /api/delete-tokens/:userId' satisfies RouteKey
export const resend = 'POST /api/resend/:appType/:email/:isPasswordReset' satisfies RouteKey
export const resendLink = 'POST /api/resend-link' satisfies RouteKey
export const activate = 'POST /api/activate' satisfies RouteKey
export const signIn = 'POST /api/sign-in/:appType' satisfies RouteKey
export const signOut = 'POST /api/sign-out' satisfies RouteKey
export const validateAccessToken = 'POST /api/validate-access-token' satisfies RouteKey

// The signed-in user's account and settings (./users.ts)
export const getUser = 'GET /api/user/:id' satisfies RouteKey
export const updateLanguage = 'POST /api/update-language' satisfies RouteKey
export const updateUser = 'POST /api/update-user' satisfies RouteKey
export const updateEmailNotifications = 'POST /api/update-email-notifications' satisfies RouteKey
export const checkPassword = 'GET /api/check-password/:id/:password' satisfies RouteKey
export const hasPassword = 'GET /api/has-password/:id' satisfies RouteKey
export const changePassword = 'POST /api/change-password' satisfies RouteKey
export const updateAvatar = 'POST /api/update-avatar/:id' satisfies RouteKey
export const deleteAvatar = 'POST /api/delete-avatar/:id' satisfies RouteKey

// The back office's listings (./listings.ts)
export const listListings = 'GET /api/back-office/properties' satisfies RouteKey
export const getListing = 'GET /api/back-office/properties/:id' satisfies RouteKey
export const createListing = 'POST /api/back-office/properties' satisfies RouteKey
export const updateListing = 'POST /api/back-office/properties/:id' satisfies RouteKey
export const setListingFlags = 'POST /api/back-office/properties/:id/flags' satisfies RouteKey
export const deleteListing = 'DELETE /api/back-office/properties/:id' satisfies RouteKey
export const uploadListingImage = 'POST /api/back-office/property-images' satisfies RouteKey
// Administration, an administrator's only (./admin.ts)
export const adminUsers = 'POST /api/admin/users' satisfies RouteKey
export const adminUser = 'GET /api/admin/user/:id' satisfies RouteKey
export const suspendUser = 'POST /api/admin/suspend/:id' satisfies RouteKey
export const liftSuspension = 'POST /api/admin/lift-suspension/:id' satisfies RouteKey
export const adminResendActivation = 'POST /api/admin/resend-activation/:id' satisfies RouteKey
export const adminPasswordReset = 'POST /api/admin/password-reset/:id' satisfies RouteKey
export const createAgency = 'POST /api/admin/agencies' satisfies RouteKey
export const adminAgency = 'GET /api/admin/agency/:id' satisfies RouteKey
export const updateAgency = 'POST /api/admin/agency/:id' satisfies RouteKey
export const agencyLogo = 'POST /api/admin/agency-logo/:id' satisfies RouteKey
export const deactivateAgency = 'POST /api/admin/deactivate-agency/:id' satisfies RouteKey
export const reactivateAgency = 'POST /api/admin/reactivate-agency/:id' satisfies RouteKey
export const deleteAgency = 'DELETE /api/admin/agency/:id' satisfies RouteKey
export const adminPlaces = 'GET /api/admin/places' satisfies RouteKey
export const createCountry = 'POST /api/admin/countries' satisfies RouteKey
export const adminCountry = 'GET /api/admin/country/:id' satisfies RouteKey
export const updateCountry = 'POST /api/admin/country/:id' satisfies RouteKey
export const deleteCountry = 'DELETE /api/admin/country/:id' satisfies RouteKey
export const createLocation = 'POST /api/admin/locations' satisfies RouteKey
export const adminLocation = 'GET /api/admin/location/:id' satisfies RouteKey
export const updateLocation = 'POST /api/admin/location/:id' satisfies RouteKey
export const deleteLocation = 'DELETE /api/admin/location/:id' satisfies RouteKey
export const platformOverview = 'GET /api/admin/overview' satisfies RouteKey

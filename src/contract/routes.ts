// Every API route's method and path, written here and nowhere else (docs/api.md describes them): the server
// registers each from its key (server/routes/contract.ts), the client calls it by the same key
// (`call` in src/lib/api-client.ts). Plain strings, one export each, so a chunk carries only the paths it
// calls; each resource's module of this folder gives a key its schemas.
import type { RouteKey } from './route.ts'

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

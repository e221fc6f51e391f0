// Checkout and the renter's bookings (docs/product.md §12; paths in Haven's style, docs/api.md): the price of
// a stay, checkout (signed in or as a guest), the list, one booking, the cancellation request and its
// withdrawal, and a change of the booking's dates with its price. Thin: the rules live in server/services/bookings/;
// a renter's booking is reached signed in (./access.ts), the services check it is theirs. The paths and
// schemas are the contract's (src/contract/bookings.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { bookingRoutes as routes } from '../../src/contract/bookings.ts'
import {
  amendBooking,
  amendmentPrice,
  bookingMessage,
  bookingPrice,
  cancelBooking,
  checkout,
  getBooking,
  listBookings,
  ownHolds,
  withdrawCancellation,
} from '../../src/contract/routes.ts'
import { amendBooking as changeDates, amendmentQuote } from '../services/bookings/amend.ts'
import { answerCheckout, placeCheckout, quote } from '../services/bookings/checkout.ts'
import { listOwnHolds } from '../services/bookings/own-holds.ts'
import {
  bookingDetail,
  listBookings as listRenterBookings,
  requestCancellation,
  withdrawCancellation as withdrawRequest,
} from '../services/bookings/queries.ts'
import { writeBookingMessage } from '../services/bookings/timeline.ts'
import { signedIn, userOrVisitor } from './access.ts'
import { contract } from './contract.ts'
import { CHECKOUT_PROOF_COOKIE, readCookie, setCookie, signIn } from './cookies.ts'
import { recaptchaRequirement } from './recaptcha-requirement.ts'

/** Per address: a person books a few stays an hour; guest checkout also makes accounts and sends e-mail. */
const CHECKOUT_LIMIT = { max: 20, timeWindow: '10 minutes' }
const CANCEL_LIMIT = { max: 20, timeWindow: '10 minutes' }
/** Changing dates holds nights as a checkout does; pricing them is asked as often as the dates change. */
const AMEND_LIMIT = { max: 20, timeWindow: '10 minutes' }
const AMENDMENT_PRICE_LIMIT = { max: 120, timeWindow: '10 minutes' }
/** A conversation about a stay: a few messages a minute at most. */
const MESSAGE_LIMIT = { max: 60, timeWindow: '10 minutes' }

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // A guest's checkout makes an account: the same reCAPTCHA rule as sign-up's, with a budget of its own.
  const checkGuestRecaptcha = recaptchaRequirement(app, 'guest-checkout')

  app.route({
    ...contract(app, routes, bookingPrice),
    handler: (request) => quote(request.ctx, request.body),
  })

  app.route({
    ...contract(app, routes, checkout),
    config: { rateLimit: CHECKOUT_LIMIT },
    handler: async (request, reply) => {
      const placed = await placeCheckout(request.ctx, await userOrVisitor(request), request.body, {
        checkoutProof: readCookie(request, CHECKOUT_PROOF_COOKIE),
        checkGuestRecaptcha: () => checkGuestRecaptcha(request, request.body.recaptchaToken),
      })
      if (placed.signIn) {
        await signIn(reply, placed.renter)
        const proof = placed.signIn.checkoutProof
        if (proof) setCookie(reply, CHECKOUT_PROOF_COOKIE, proof)
      }
      return answerCheckout(request.ctx, placed)
    },
  })

  app.route({
    ...contract(app, routes, ownHolds),
    preHandler: signedIn,
    handler: async (request, reply) => {
      // One renter's, and changing by the minute: never kept by a shared cache.
      void reply.header('cache-control', 'private, no-store')
      return listOwnHolds(request.ctx.database.db, request.user.id, Number(request.params.id))
    },
  })

  app.route({
    ...contract(app, routes, listBookings),
    preHandler: signedIn,
    handler: (request) => listRenterBookings(request.ctx, request.user.id, request.body),
  })

  app.route({
    ...contract(app, routes, getBooking),
    preHandler: signedIn,
    handler: (request) =>
      bookingDetail(request.ctx, request.user.id, Number(request.params.id), request.params.language),
  })

  app.route({
    ...contract(app, routes, cancelBooking),
    config: { rateLimit: CANCEL_LIMIT },
    preHandler: signedIn,
    handler: (request) =>
      requestCancellation(request.ctx, request.user.id, Number(request.params.id), request.body?.operationId),
  })

  app.route({
    ...contract(app, routes, withdrawCancellation),
    config: { rateLimit: CANCEL_LIMIT },
    preHandler: signedIn,
    handler: (request) =>
      withdrawRequest(request.ctx, request.user.id, Number(request.params.id), request.body?.operationId),
  })

  app.route({
    ...contract(app, routes, bookingMessage),
    config: { rateLimit: MESSAGE_LIMIT },
    preHandler: signedIn,
    handler: (request) =>
      writeBookingMessage(request.ctx, 'renter', request.user, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, amendmentPrice),
    config: { rateLimit: AMENDMENT_PRICE_LIMIT },
    preHandler: signedIn,
    handler: (request) =>
      amendmentQuote(request.ctx, request.user.id, Number(request.params.id), request.body),
  })

  app.route({
    ...contract(app, routes, amendBooking),
    config: { rateLimit: AMEND_LIMIT },
    preHandler: signedIn,
    handler: (request) => changeDates(request.ctx, request.user.id, Number(request.params.id), request.body),
  })
}

// Checkout and the renter's bookings (docs/product.md §12; paths in Haven's style, docs/api.md): the price of
// a stay, checkout (signed in or as a guest), the list, one booking, the cancellation request and its
// withdrawal, and a change of the booking's dates with its price. Thin: the rules live in server/services/bookings/;
// a renter's booking is reached signed in (./access.ts), the services check it is theirs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import {
  amendBookingRequestSchema,
  amendBookingResponseSchema,
  amendmentPriceRequestSchema,
  amendmentPriceSchema,
  bookingDetailSchema,
  bookingListRequestSchema,
  bookingPageSchema,
  bookingPriceRequestSchema,
  bookingPriceSchema,
  cancelRequestResponseSchema,
  cancelRequestSchema,
  cancelWithdrawalResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  ownHoldsSchema,
} from '../../src/domain/booking.ts'
import { idSchema, languageSchema } from '../../src/domain/catalog.ts'
import { amendBooking, amendmentQuote } from '../services/bookings/amend.ts'
import { answerCheckout, placeCheckout, quote } from '../services/bookings/checkout.ts'
import { listOwnHolds } from '../services/bookings/own-holds.ts'
import {
  bookingDetail,
  listBookings,
  requestCancellation,
  withdrawCancellation,
} from '../services/bookings/queries.ts'
import { signedIn, userOrVisitor } from './access.ts'
import { CHECKOUT_PROOF_COOKIE, readCookie, setCookie, signIn } from './cookies.ts'
import { recaptchaRequirement } from './recaptcha-requirement.ts'

/** Per address: a person books a few stays an hour; guest checkout also makes accounts and sends e-mail. */
const CHECKOUT_LIMIT = { max: 20, timeWindow: '10 minutes' }
const CANCEL_LIMIT = { max: 20, timeWindow: '10 minutes' }
/** Changing dates holds nights as a checkout does; pricing them is asked as often as the dates change. */
const AMEND_LIMIT = { max: 20, timeWindow: '10 minutes' }
const AMENDMENT_PRICE_LIMIT = { max: 120, timeWindow: '10 minutes' }

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  // A guest's checkout makes an account: the same reCAPTCHA rule as sign-up's, with a budget of its own.
  const checkGuestRecaptcha = recaptchaRequirement(app, 'guest-checkout')

  app.post(
    '/booking-price',
    { schema: { body: bookingPriceRequestSchema, response: { 200: bookingPriceSchema } } },
    (request) => quote(request.ctx, request.body),
  )

  app.post(
    '/checkout',
    {
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
      config: { rateLimit: CHECKOUT_LIMIT },
    },
    async (request, reply) => {
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
  )

  app.get(
    '/own-holds/:id',
    {
      schema: { params: z.object({ id: idSchema }), response: { 200: ownHoldsSchema } },
      preHandler: signedIn,
    },
    async (request, reply) => {
      // One renter's, and changing by the minute: never kept by a shared cache.
      void reply.header('cache-control', 'private, no-store')
      return listOwnHolds(request.ctx.database.db, request.user.id, Number(request.params.id))
    },
  )

  app.post(
    '/bookings',
    {
      schema: { body: bookingListRequestSchema, response: { 200: bookingPageSchema } },
      preHandler: signedIn,
    },
    (request) => listBookings(request.ctx, request.user.id, request.body),
  )

  app.get(
    '/booking/:id/:language',
    {
      schema: {
        params: z.object({ id: idSchema, language: languageSchema }),
        response: { 200: bookingDetailSchema },
      },
      preHandler: signedIn,
    },
    (request) =>
      bookingDetail(request.ctx, request.user.id, Number(request.params.id), request.params.language),
  )

  app.post(
    '/cancel-booking/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: cancelRequestSchema.nullish(),
        response: { 200: cancelRequestResponseSchema },
      },
      config: { rateLimit: CANCEL_LIMIT },
      preHandler: signedIn,
    },
    (request) =>
      requestCancellation(request.ctx, request.user.id, Number(request.params.id), request.body?.operationId),
  )

  app.post(
    '/withdraw-cancellation/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: cancelRequestSchema.nullish(),
        response: { 200: cancelWithdrawalResponseSchema },
      },
      config: { rateLimit: CANCEL_LIMIT },
      preHandler: signedIn,
    },
    (request) =>
      withdrawCancellation(
        request.ctx,
        request.user.id,
        Number(request.params.id),
        request.body?.operationId,
      ),
  )

  app.post(
    '/amendment-price/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: amendmentPriceRequestSchema,
        response: { 200: amendmentPriceSchema },
      },
      config: { rateLimit: AMENDMENT_PRICE_LIMIT },
      preHandler: signedIn,
    },
    (request) => amendmentQuote(request.ctx, request.user.id, Number(request.params.id), request.body),
  )

  app.post(
    '/amend-booking/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        body: amendBookingRequestSchema,
        response: { 200: amendBookingResponseSchema },
      },
      config: { rateLimit: AMEND_LIMIT },
      preHandler: signedIn,
    },
    (request) => amendBooking(request.ctx, request.user.id, Number(request.params.id), request.body),
  )
}

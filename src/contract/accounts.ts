// Accounts (docs/product.md §13): sign-up and the e-mail's links, sign-in, sign-out and the session; their
// routes. The request shapes are the forms' too, so they stay with the account rules on zod/mini
// (src/domain/auth.ts), where the forms read them without this table.
import {
  activateSchema,
  appTypeSchema,
  checkTokenResponseSchema,
  publicUserSchema,
  resendLinkSchema,
  resendParamsSchema,
  sentResponseSchema,
  signInSchema,
  signUpResponseSchema,
  signUpSchema,
  tokenLinkParamsSchema,
  userIdParamsSchema,
  validateEmailResponseSchema,
  validateEmailSchema,
} from '../domain/auth.ts'
import { z } from '../domain/zod-mini.ts'
import type { RouteTable } from './route.ts'
import {
  activate,
  checkToken,
  deleteTokens,
  resend,
  resendLink,
  signIn,
  signOut,
  signUp,
  validateAccessToken,
  validateEmail,
} from './routes.ts'

export const accountRoutes = {
  [signUp]: { body: signUpSchema, answer: signUpResponseSchema },
  [validateEmail]: { body: validateEmailSchema, answer: validateEmailResponseSchema },
  [checkToken]: { params: tokenLinkParamsSchema, answer: checkTokenResponseSchema },
  [deleteTokens]: { params: userIdParamsSchema, answer: z.object({ deleted: z.number() }) },
  [resend]: { params: resendParamsSchema, answer: sentResponseSchema },
  /** The activation e-mail again, for the signed-in user whose address is not confirmed yet. */
  [resendLink]: { body: resendLinkSchema, answer: sentResponseSchema },
  [activate]: { body: activateSchema, answer: publicUserSchema },
  [signIn]: { params: z.object({ appType: appTypeSchema }), body: signInSchema, answer: publicUserSchema },
  [signOut]: { answer: z.object({ signedOut: z.literal(true) }) },
  /** 200 with the current user; 401 when the session is gone; 403 'suspended' for a blacklisted user. */
  [validateAccessToken]: { answer: publicUserSchema },
} as const satisfies RouteTable

// The signed-in user's account, settings and avatar (docs/product.md §13): their routes. The request shapes are the
// settings forms' too, with the account rules (./accounts.ts).
import {
  changePasswordSchema,
  checkPasswordParamsSchema,
  checkPasswordResponseSchema,
  hasPasswordResponseSchema,
  idParamsSchema,
  publicUserSchema,
  updateEmailNotificationsSchema,
  updateLanguageSchema,
  updateUserSchema,
} from './accounts.ts'
import type { RouteTable } from './route.ts'
import {
  changePassword,
  checkPassword,
  deleteAvatar,
  getUser,
  hasPassword,
  updateAvatar,
  updateEmailNotifications,
  updateLanguage,
  updateUser,
} from './routes.ts'

export const userRoutes = {
  [getUser]: { params: idParamsSchema, answer: publicUserSchema },
  [updateLanguage]: { body: updateLanguageSchema, answer: publicUserSchema },
  [updateUser]: { body: updateUserSchema, answer: publicUserSchema },
  [updateEmailNotifications]: { body: updateEmailNotificationsSchema, answer: publicUserSchema },
  /** The password travels in the path (docs/product.md §13); the server keeps this URL out of its logs. */
  [checkPassword]: { params: checkPasswordParamsSchema, answer: checkPasswordResponseSchema },
  [hasPassword]: { params: idParamsSchema, answer: hasPasswordResponseSchema },
  /** Other devices are signed out; this one stays signed in. */
  [changePassword]: { body: changePasswordSchema, answer: publicUserSchema },
  /** The picture is a multipart upload the handler reads itself (one file, an image): no body schema. */
  [updateAvatar]: { params: idParamsSchema, upload: true, answer: publicUserSchema },
  [deleteAvatar]: { params: idParamsSchema, answer: publicUserSchema },
} as const satisfies RouteTable

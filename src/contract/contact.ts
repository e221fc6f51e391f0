// The contact form (POST /api/send-email), shared by the client's form and the server.
import { FIELD_ERRORS } from '../domain/auth-messages.ts'
import { CONTACT_LIMITS } from '../domain/contact-limits.ts'
import { z } from '../domain/zod-mini.ts'
import { emailSchema, lineText, requiredLine, requiredText, text } from './accounts.ts'
import type { RouteTable } from './route.ts'
import { sendEmail } from './routes.ts'

export const contactMessageSchema = z.object({
  name: z.optional(lineText().check(z.maxLength(CONTACT_LIMITS.name, { error: FIELD_ERRORS.tooLong }))),
  email: emailSchema,
  subject: requiredLine(CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_LIMITS.message),
  /** Required when reCAPTCHA is on (GET /api/auth-config says so). */
  recaptchaToken: z.optional(text().check(z.minLength(1), z.maxLength(4096))),
})
export type ContactMessage = z.infer<typeof contactMessageSchema>

export const contactRoutes = {
  [sendEmail]: { body: contactMessageSchema, answer: z.object({ sent: z.literal(true) }) },
} as const satisfies RouteTable

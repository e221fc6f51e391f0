// The contact form (POST /api/send-email), shared by the client and the server.
import { z } from 'zod'

import { CONTACT_LIMITS } from './contact-limits.ts'
import { text } from './text.ts'

export const contactMessageSchema = z.object({
  name: text().trim().max(CONTACT_LIMITS.name).optional(),
  email: z.email().max(254),
  subject: text().trim().min(1).max(CONTACT_LIMITS.subject),
  message: text().trim().min(1).max(CONTACT_LIMITS.message),
  /** Required when reCAPTCHA is on (GET /api/auth-config says so). */
  recaptchaToken: text().min(1).max(4096).optional(),
})
export type ContactMessage = z.infer<typeof contactMessageSchema>

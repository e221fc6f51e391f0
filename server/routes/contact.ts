// POST /api/send-email (docs/product.md §13): the contact form. The message goes to the support address
// (SUPPORT_EMAIL) with the sender's address as reply-to; the client says 'Message sent' on a 200
// (docs/product.md §9).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { contactRoutes as routes } from '../../src/contract/contact.ts'
import { sendEmail } from '../../src/contract/routes.ts'
import { contract } from './contract.ts'
import { recaptchaRequirement } from './recaptcha-requirement.ts'

/** A person writes a few messages; a script writing hundreds fills the support inbox. */
const CONTACT_LIMIT = { max: 5, timeWindow: '15 minutes' }

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx
  const checkRecaptcha = recaptchaRequirement(app, 'contact')

  app.route({
    ...contract(app, routes, sendEmail),
    config: { rateLimit: CONTACT_LIMIT },
    handler: async (request) => {
      // The name and subject are on one line (the schema refuses a line break): they go into headers.
      const { name, email, subject, message, recaptchaToken } = request.body
      await checkRecaptcha(request, recaptchaToken)
      const from = name ? `${name} <${email}>` : email
      await request.ctx.mail.send({
        to: config.supportEmail,
        replyTo: name ? { name, address: email } : email,
        subject: `[Contact] ${subject}`,
        text: `From: ${from}\n\n${message}\n`,
      })
      return { sent: true as const }
    },
  })
}

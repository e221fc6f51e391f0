// The info pages' one call, POST /api/send-email (docs/product.md §13): the contact form, to the support
// address.
import type { ContactMessage } from '@/contract/contact'
import { sendEmail } from '@/contract/routes'
import { call } from '@/lib/api-client'

export const sendContactMessage = (body: ContactMessage) => call(sendEmail, { body })

// The info pages' one call, POST /api/send-email (docs/product.md §13): the contact form, to the support
// address.
import type { ContactMessage } from '@/domain/contact'
import { apiFetch } from '@/lib/api-client'

export const sendContactMessage = (body: ContactMessage) =>
  apiFetch<{ sent: true }>('/api/send-email', { method: 'POST', body })

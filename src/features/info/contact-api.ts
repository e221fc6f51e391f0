// POST /api/send-email (SPEC §7): the contact form, to the support address.
import type { ContactMessage } from '@/domain/contact'
import { apiFetch } from '@/lib/api-client'

export const sendContactMessage = (body: ContactMessage) =>
  apiFetch<{ sent: true }>('/api/send-email', { method: 'POST', body })

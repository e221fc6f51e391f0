// The signed-in user the client tests share: the fields every stored user has (docs/product.md §7).
import type { SessionUser } from '@/entities/session/session'

export const ADA: SessionUser = {
  _id: '7',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
}

// Every kind of command the app writes to its outbox (src/offline/outbox.ts), for the loop to send the ones a
// page before this one left behind. Each is declared beside the screens that make it.
import { FAVOURITE_COMMANDS } from '@/entities/favourite/favourite-commands'
import { updateLanguageCommand } from '@/entities/session/user-commands'
import { BOOKING_COMMANDS } from '@/features/bookings/booking-commands'
import { NOTIFICATION_COMMANDS } from '@/features/notifications/notification-commands'
import { SETTINGS_COMMANDS } from '@/features/settings/settings-commands'
import type { AnyCommandKind } from '@/offline/outbox'

export const OUTBOX_COMMANDS: readonly AnyCommandKind[] = [
  ...BOOKING_COMMANDS,
  ...Object.values(NOTIFICATION_COMMANDS),
  updateLanguageCommand,
  ...SETTINGS_COMMANDS,
  ...FAVOURITE_COMMANDS,
]

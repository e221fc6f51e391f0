// The one string rule every request text follows, whatever else its field asks: no NUL character. Nobody
// types one, and PostgreSQL can neither store nor compare it (it fails the whole query), so it is refused
// with the other input rules, as a 400 naming the field.
import { z } from 'zod'

import { AUTH_MESSAGES } from './auth-messages.ts'

const hasNoNul = (value: string) => !value.includes('\u0000')

/** `z.string(params)` that refuses a NUL character with `message` (by default, the invalid-character one). */
export const text = (
  params?: Parameters<typeof z.string>[0],
  message: string = AUTH_MESSAGES.invalidCharacter,
) => z.string(params).refine(hasNoNul, { error: message, abort: true })

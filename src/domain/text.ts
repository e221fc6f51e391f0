// The one string rule every request text follows, whatever else its field asks: no NUL character
// (./input-rules.ts says why). This is the zod form of it, for the catalog's and contact's schemas; the
// account schemas (./auth.ts, zod/mini) build the same rule from the same predicate.
import { z } from 'zod'

import { FIELD_ERRORS } from './auth-messages.ts'
import { hasNoNul, isOneLine } from './input-rules.ts'

/** `z.string(params)` that refuses a NUL character with `message` (by default, the invalid-character code). */
export const text = (
  params?: Parameters<typeof z.string>[0],
  message: string = FIELD_ERRORS.invalidCharacter,
) => z.string(params).refine(hasNoNul, { error: message, abort: true })

/** `text` trimmed and on one line (a name a person types): a line break or control character is refused. */
export const lineText = (params?: Parameters<typeof z.string>[0]) =>
  text(params).trim().refine(isOneLine, { error: FIELD_ERRORS.invalidCharacter, abort: true })

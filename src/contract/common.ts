// The pieces every resource's schemas share: ids, operation ids, the language and the one string rule of
// every request text (no NUL character, src/domain/input-rules.ts says why).
import { FIELD_ERRORS } from '../domain/auth-messages.ts'
import { LANGUAGES } from '../domain/enums.ts'
import { hasNoNul, ID_PATTERN, isOneLine, OPERATION_ID_PATTERN } from '../domain/input-rules.ts'
import { z } from '../domain/zod-mini.ts'

/** A string (the `z.string` parameters given) that refuses a NUL character with `message`, before any other rule. */
export const text = (
  params?: Parameters<typeof z.string>[0],
  message: string = FIELD_ERRORS.invalidCharacter,
) => z.string(params).check(z.refine(hasNoNul, { error: message, abort: true }))

/** Ids are opaque strings on the wire (docs/product.md §5: every entity exposes `_id`). */
export const idSchema = z.string().check(z.regex(ID_PATTERN, FIELD_ERRORS.invalid))
/** A client-generated id of one write (a checkout, a queued change): sent twice, it takes effect once. */
export const operationIdSchema = text().check(z.regex(OPERATION_ID_PATTERN, 'Invalid operation id.'))
export const languageSchema = z.enum(LANGUAGES)

/** A path's `{userId}` alone. */
export const userParamsSchema = z.object({ userId: idSchema })

/** `text` trimmed and on one line (a name a person types): a line break or control character is refused. */
export const lineText = (params?: Parameters<typeof z.string>[0]) =>
  text(params).check(z.trim(), z.refine(isOneLine, { error: FIELD_ERRORS.invalidCharacter, abort: true }))

/** A calendar day, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date()

// The outbox's refusal toast (src/offline/outbox.ts), loaded when a refusal comes: the account messages it
// translates from are not worth a place in every page's first load, and their catalog comes with it (a
// refusal can come on any screen, whose own catalog may not hold them).
import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import { loadCatalogs } from '@/i18n/catalogs'
import type { ApiError } from '@/lib/api-client'
import { errorMessage } from '@/ui/account-messages'
import { showToast } from '@/ui/toast'

const refusedChange = msg`Your change was refused by the server and has been undone.`

/** Tells that a queued change was refused and undone, with the definition's words or the server's reason. */
export async function tellRefusal(
  error: ApiError,
  refusalMessage: MessageDescriptor | undefined,
): Promise<void> {
  await loadCatalogs(['account'])
  showToast({
    color: 'red',
    title: i18n._(refusedChange),
    message: i18n._(refusalMessage ?? errorMessage(error)),
  })
}

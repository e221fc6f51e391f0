// The page Stripe's form returns to: a payment that reached Haven after its booking had lapsed is refunded,
// and the renter is told so rather than that nothing was charged.
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'

import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

const LAPSED = {
  error: 'payment_lapsed',
  message: 'Your payment reached us after your booking had lapsed: it is being refunded in full.',
}

beforeEach(() => {
  resetSessionCheck()
  window.localStorage.setItem('user', JSON.stringify(ADA))
})

describe('the return from Stripe', () => {
  it.each([
    ['en', 'Your payment reached us after your booking had lapsed: it is being refunded in full.'],
    [
      'fr',
      'Votre paiement nous est parvenu après l’expiration de votre réservation : il vous est intégralement remboursé.',
    ],
  ] as const)('in %s, says a payment after the booking lapsed is refunded', async (language, text) => {
    await activateLocale(language)
    window.localStorage.setItem('user', JSON.stringify({ ...ADA, language }))
    mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, { ...ADA, language }),
      'POST /api/check-checkout-session/cs_test_late': () => json(409, LAPSED),
    })
    await renderAt('/checkout-session/cs_test_late')
    const main = within(await screen.findByRole('main'))
    expect(await main.findByRole('alert')).toHaveTextContent(text)
    expect(main.queryByText(/Nothing was charged|Rien n’a été débité/)).toBeNull()
  })
})

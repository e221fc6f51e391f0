// PayPal's buttons (docs/product.md §12, §13): the SDK loads from the URL the server names (PayPal's, or the
// demo's stand-in) and only on this step. Its loading state goes initial → pending → resolved or rejected;
// the buttons create the order on the server (`create-paypal-order`) and, once the buyer approved it, the
// server captures it (`check-paypal-order`): the booking is paid only after that answer.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Group, Loader, Text } from '@mantine/core'
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js'

import type { Currency } from '@/domain/enums'
import { useLanguage } from '@/i18n/language'
import { formatDay } from '@/lib/day'

import { checkPayPalOrder, createPayPalOrder } from '../api'

export interface PayPalPaymentProps {
  clientId: string
  scriptUrl: string
  bookingId: string
  amount: number
  currency: Currency
  /** What the buyer sees at PayPal: the property's name… */
  name: string
  /** …and the stay, the order's description. */
  stay: { from: string; to: string }
  onPaid: () => void
  onFailed: () => void
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- PayPal's locale codes, not copy
const PAYPAL_LOCALES = { en: 'en_US', fr: 'fr_FR' } as const
const PAYPAL_DESCRIPTION_MAX = 127

function Buttons({
  bookingId,
  amount,
  currency,
  name,
  stay,
  onPaid,
  onFailed,
}: Omit<PayPalPaymentProps, 'clientId' | 'scriptUrl'>) {
  const [{ isInitial, isPending, isRejected }] = usePayPalScriptReducer()
  const { t } = useLingui()
  const language = useLanguage()
  const start = formatDay(stay.from, language)
  const end = formatDay(stay.to, language)
  const stayText = t`${name}, from ${start} to ${end}`
  // PayPal takes at most 127 characters (the server refuses more).
  const description =
    stayText.length > PAYPAL_DESCRIPTION_MAX ? `${stayText.slice(0, PAYPAL_DESCRIPTION_MAX - 1)}…` : stayText
  if (isRejected) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Trans>PayPal could not be loaded. Check your connection and try again.</Trans>
      </Alert>
    )
  }
  if (isInitial || isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Loading PayPal…</Trans>
        </Text>
      </Group>
    )
  }
  return (
    <PayPalButtons
      style={{ layout: 'vertical', label: 'pay' }}
      createOrder={async () =>
        (await createPayPalOrder({ bookingId, amount, currency, name, description })).orderId
      }
      onApprove={async ({ orderID }) => {
        try {
          await checkPayPalOrder(bookingId, orderID)
          onPaid()
        } catch {
          onFailed()
        }
      }}
      onError={onFailed}
    />
  )
}

export default function PayPalPayment({ clientId, scriptUrl, ...order }: PayPalPaymentProps) {
  const language = useLanguage()
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: order.currency,
        intent: 'capture',
        components: 'buttons',
        locale: PAYPAL_LOCALES[language],
        sdkBaseUrl: scriptUrl,
      }}
    >
      <Buttons {...order} />
    </PayPalScriptProvider>
  )
}

// How to pay, among the methods the agency takes (the quote's): pay later first when allowed, then a card
// (Stripe) or PayPal.
import { Trans, useLingui } from '@lingui/react/macro'
import { Radio, Stack, Text } from '@mantine/core'

import type { BookingPrice } from '@/contract/bookings'
import type { AppForm } from '@/ui/form'

export function PaymentChoice<Values>({ quote, form }: { quote: BookingPrice; form: AppForm<Values> }) {
  const { t } = useLingui()
  const payLater = quote.paymentMethods.includes('payLater')
  const online = quote.paymentMethods.filter((method) => method !== 'payLater')
  return (
    <Stack gap="xs">
      <Radio.Group label={t`Payment`} {...form.getInputProps('payment')}>
        <Stack gap="xs" mt="xs">
          {payLater ? (
            <Radio
              value="payLater"
              label={t`Pay later`}
              description={t`Nothing to pay now: the agency tells you how to pay before your stay.`}
            />
          ) : null}
          {online.map((method) => (
            <Radio
              key={method}
              value={method}
              label={method === 'stripe' ? t`Pay now by card` : t`Pay now with PayPal`}
              description={
                method === 'stripe'
                  ? t`On Stripe's secure form, without leaving Haven.`
                  : t`With your PayPal account; PayPal asks you to approve the payment.`
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {payLater ? null : (
        <Text size="sm" c="dimmed">
          <Trans>This agency does not allow paying later.</Trans>
        </Text>
      )}
    </Stack>
  )
}

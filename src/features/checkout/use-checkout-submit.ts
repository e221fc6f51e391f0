// What Book does: the checkout call (one operation id per checkout, a reCAPTCHA token for a guest), then the
// provider's step for an online payment or the confirmation; and every refusal turned into words beside its
// field or above the button (a network failure says the renter is offline), with the form's values kept.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'

import type { BookingPrice, CheckoutRequest, CheckoutResponse } from '@/contract/bookings'
import { FIELD_ERRORS } from '@/domain/auth-messages'
import { API_ERROR_CODES } from '@/domain/error-codes'
import { refreshAfterBookingChange } from '@/entities/booking/booking-refresh'
import { useLanguage } from '@/i18n/language'
import { ApiError } from '@/lib/api-client'
import { isRecaptchaFailure, recaptchaMessages, useRecaptchaToken } from '@/lib/recaptcha'
import { fieldMessages } from '@/ui/account-messages'
import { type AppForm, showFieldErrors } from '@/ui/form'

import { checkout, emailAvailable, rememberCheckout, type StayChoice, takeUpGuestSession } from './api'
import { refusalMessage, withoutGuestPrefix } from './refusal'

export type Payment = CheckoutRequest['payment']

/** The checkout form's values: a guest's details (unused for a signed-in renter), the Terms, how to pay. */
export type CheckoutValues = {
  fullName: string
  email: string
  phone: string
  birthDate: string
  acceptTerms: boolean
  payment: Payment
}

const paymentFailed = msg`Payment failed.`

export function useCheckoutSubmit({
  form,
  stay,
  quote,
  asGuest,
  minimumAge,
  onPriceChanged,
}: {
  form: AppForm<CheckoutValues>
  stay: StayChoice
  quote: BookingPrice
  asGuest: boolean
  /** The stay's minimum age: Haven's, or the property's when it asks more. */
  minimumAge: number
  onPriceChanged: () => Promise<unknown>
}) {
  const language = useLanguage()
  const queryClient = useQueryClient()
  const navigate = useNavigate({ from: '/checkout' })
  const here = useRouterState({ select: (state) => state.location.href })
  // One id per checkout on this screen: sending it twice (a double click, a retry) makes one booking.
  const [operationId, setOperationId] = useState(() => crypto.randomUUID())
  // A booking held for an online payment: the provider's step shows under the form, which keeps its values.
  const [held, setHeld] = useState<CheckoutResponse | null>(null)
  const [message, setMessage] = useState<MessageDescriptor | null>(null)
  const [emailTaken, setEmailTaken] = useState(false)
  // A guest's checkout makes an account: reCAPTCHA as on sign-up (off unless configured, skipped on Safari).
  const recaptcha = useRecaptchaToken(asGuest)

  const checkEmail = async () => {
    const email = form.values.email.trim()
    if (!email || form.errors.email) return
    try {
      const { available } = await emailAvailable(email)
      if (!available) {
        form.setFieldError('email', FIELD_ERRORS.emailTaken)
        setEmailTaken(true)
      } else setEmailTaken(false)
    } catch {
      // Only a hint: the checkout itself says it again if the address is taken.
    }
  }

  // The booking is made (pay later) or paid: the confirmation, with the guest's new session on this browser
  // (none when the server answered a replay it could not tie to this browser: the confirmation says so).
  const finish = async (bookingId: string, paid = false) => {
    await refreshAfterBookingChange(queryClient)
    await navigate({
      search: (previous) => ({ ...previous, booked: bookingId, ...(paid ? { paid: true } : {}) }),
      replace: true,
    })
    if (asGuest) await takeUpGuestSession()
  }

  const chooseAnotherPayment = () => {
    // The held booking lapses by itself; the next Book is a new checkout.
    setHeld(null)
    setMessage(null)
    setOperationId(crypto.randomUUID())
  }

  const submit = form.onSubmit(async (values) => {
    setMessage(null)
    const { payment, acceptTerms: _accepted, ...guest } = values
    // A fresh token per submit: the provider takes each one once.
    let recaptchaToken: string | undefined
    try {
      if (recaptcha.enabled) recaptchaToken = await recaptcha.getToken('checkout')
    } catch (error) {
      setMessage(isRecaptchaFailure(error) ? recaptchaMessages.error : refusalMessage(error))
      return
    }
    try {
      const booked = await checkout({
        operationId,
        propertyId: stay.propertyId,
        from: stay.from,
        to: stay.to,
        cancellation: quote.cancellation,
        amendments: quote.amendments,
        price: quote.breakdown.total,
        payment,
        ...(asGuest ? { guest: { ...guest, acceptTerms: true, language } } : {}),
        ...(recaptchaToken ? { recaptchaToken } : {}),
      })
      if (booked.payment) {
        // Stripe's return is a full page load: the way back to this checkout is kept for a failed payment.
        if (booked.payment.provider === 'stripe') rememberCheckout(here)
        setHeld(booked)
        return
      }
      await finish(booked.bookingId)
    } catch (raw) {
      // Everything typed stays; the server's reasons go beside their fields or above the button.
      const error = withoutGuestPrefix(raw)
      if (error instanceof ApiError && error.code === API_ERROR_CODES.emailTaken) {
        form.setFieldError('email', FIELD_ERRORS.emailTaken)
        setEmailTaken(true)
        return
      }
      if (error instanceof ApiError && error.fields?.price) {
        await onPriceChanged()
        setMessage(fieldMessages.price_changed)
        return
      }
      if (error instanceof ApiError && error.fields?.birthDate === FIELD_ERRORS.tooYoung && !asGuest) {
        setMessage(msg`You must be at least ${minimumAge} years old.`)
        return
      }
      if (error instanceof ApiError && isRecaptchaFailure(error)) {
        setMessage(recaptchaMessages.error)
        return
      }
      if (showFieldErrors(form, error)) return
      setMessage(refusalMessage(error))
    }
  })

  return {
    submit,
    /** The booking held for its online payment, while the provider's step shows. */
    held,
    /** What the server said of the whole checkout, shown above the button. */
    message,
    /** The guest's address has an account: they are asked to sign in. */
    emailTaken,
    /** On leaving the e-mail field: an early hint that the address has an account. */
    checkEmail,
    /** The provider took the payment of the held booking. */
    paid: (bookingId: string) => finish(bookingId, true),
    paymentFailed: () => setMessage(paymentFailed),
    chooseAnotherPayment,
  }
}

// Amount display of docs/product.md §11: thousands separated by a comma in English and a space otherwise; two
// decimals only when the amount has cents; the symbol before the amount for $ and £, after it otherwise.
import type { Currency, Language } from './enums.ts'

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  AUD: 'A$',
}

/** A no-break space, so that an amount never wraps between its digits or away from its symbol. */
const NBSP = '\u00a0'

function symbolGoesFirst(symbol: string): boolean {
  return symbol.endsWith('$') || symbol === '£'
}

export function formatNumber(amount: number, language: Language): string {
  const negative = amount < 0
  const cents = Math.round(Math.abs(amount) * 100)
  const whole = Math.floor(cents / 100)
  const fraction = cents % 100
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'en' ? ',' : NBSP)
  const decimals = fraction === 0 ? '' : (language === 'en' ? '.' : ',') + String(fraction).padStart(2, '0')
  return `${negative ? '-' : ''}${grouped}${decimals}`
}

export function formatMoney(amount: number, currency: Currency, language: Language): string {
  const symbol = CURRENCY_SYMBOLS[currency]
  const number = formatNumber(amount, language)
  if (!symbolGoesFirst(symbol)) return `${number}${NBSP}${symbol}`
  return number.startsWith('-') ? `-${symbol}${number.slice(1)}` : `${symbol}${number}`
}

/** Cuts text to at most `max` characters, ending with an ellipsis when it was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`
}

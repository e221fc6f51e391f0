// The answer of GET /api/rates as a zod schema, for the server's response validation and tests. Kept apart
// from currency.ts so that the client, which trusts its own server, does not bundle zod for it.
import { z } from 'zod'

import { BASE_CURRENCY } from './constants.ts'
import type { ExchangeRates } from './currency.ts'
import { CURRENCIES } from './enums.ts'

// One rate per currency of docs/product.md §11 (CURRENCIES), against the base USD.
const rate = z.number().positive()

export const exchangeRatesSchema = z.object({
  base: z.enum(CURRENCIES).refine((base) => base === BASE_CURRENCY, 'the base currency is USD'),
  rates: z.object({ USD: rate, EUR: rate, GBP: rate, AUD: rate }),
  date: z.iso.date(),
  source: z.string().min(1),
}) satisfies z.ZodType<ExchangeRates>

// GET /api/rates's answer, for the server's check of it and its tests; the client, which trusts its own
// server, reads the type (ExchangeRates, src/domain/currency.ts) and no schema.
import { BASE_CURRENCY } from '../domain/constants.ts'
import type { ExchangeRates } from '../domain/currency.ts'
import { CURRENCIES } from '../domain/enums.ts'
import { z } from '../domain/zod-mini.ts'
import type { RouteTable } from './route.ts'
import { exchangeRates } from './routes.ts'

// One rate per currency of docs/product.md §11 (CURRENCIES), against the base USD.
const rate = z.number().check(z.positive())

export const exchangeRatesSchema = z.object({
  base: z.enum(CURRENCIES).check(z.refine((base) => base === BASE_CURRENCY, 'the base currency is USD')),
  rates: z.object({ USD: rate, EUR: rate, GBP: rate, AUD: rate }),
  date: z.iso.date(),
  source: z.string().check(z.minLength(1)),
}) satisfies z.ZodMiniType<ExchangeRates>

export const ratesRoutes = { [exchangeRates]: { answer: exchangeRatesSchema } } as const satisfies RouteTable

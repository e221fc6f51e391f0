// The ISO 4217 codes of currencies in use (docs/product.md §8: codes must be in the supported list, about 150
// codes).
//
// Generated, not typed by hand: Intl.supportedValuesOf('currency') of Node.js 24.21 (ICU 78.3) minus
// EXCLUDED_CODES below, i.e. what is not a currency in circulation today:
//   withdrawn: ANG (replaced by XCG, 2025), CUC (Cuba, 2021), HRK (Croatia adopted EUR, 2023),
//              SLL (replaced by SLE, 2024), ZWL (replaced by ZWG, 2024);
//   units of account, not money: XDR (IMF special drawing right), XSU (SUCRE).
// ICU's list already leaves out fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), precious metals
// (XAU, XAG, XPD, XPT) and testing codes (XTS, XXX). currency-codes.test.ts checks the list against the
// running Node.js, so a newer ICU that drops or adds a code is noticed.
// An array literal (not a split string) so that a bundle that does not validate codes drops it entirely.

// prettier-ignore
export const ISO_4217_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT',
  'BGN', 'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD',
  'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK',
  'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD',
  'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD',
  'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD',
  'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN',
  'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG',
  'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP',
  'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND',
  'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND',
  'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const

export type CurrencyCode = (typeof ISO_4217_CODES)[number]

/** The codes ISO_4217_CODES leaves out of Intl.supportedValuesOf('currency'), with why. */
export const EXCLUDED_CODES = {
  ANG: 'withdrawn',
  CUC: 'withdrawn',
  HRK: 'withdrawn',
  SLL: 'withdrawn',
  ZWL: 'withdrawn',
  XDR: 'unit of account',
  XSU: 'unit of account',
} as const

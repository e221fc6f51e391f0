// The one way Haven calls a payment provider: fetch with a time limit, no redirects, and errors that carry
// neither a URL nor a key (the providers' answers may echo both). A refusal by the provider keeps its status
// and parsed body so that the caller can tell a decline from a failure.
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError'
  constructor(
    readonly provider: 'stripe' | 'payPal',
    readonly failure: 'network' | 'timeout' | 'bad_status' | 'bad_body',
    readonly status?: number,
    /** The provider's error body, for the caller's decision only: never logged whole, never sent on. */
    readonly body?: unknown,
  ) {
    super(status === undefined ? `${provider}: ${failure}` : `${provider}: ${failure} (HTTP ${status})`)
  }
}

export const PROVIDER_TIMEOUT_MS = 10_000

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Sends one request and parses its JSON answer; throws a PaymentProviderError for anything but a 2xx JSON. */
export async function providerRequest(
  provider: PaymentProviderError['provider'],
  url: string,
  init: RequestInit,
): Promise<Record<string, unknown>> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
    text = await response.text()
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new PaymentProviderError(provider, timedOut ? 'timeout' : 'network')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (!response.ok) throw new PaymentProviderError(provider, 'bad_status', response.status, body)
  if (!isRecord(body)) throw new PaymentProviderError(provider, 'bad_body', response.status)
  return body
}

/** An amount in the base currency as the providers' minor units (cents). */
export const toCents = (amount: number) => Math.round(amount * 100)

// One read, each of its states: the data (with when it was saved), an empty list, a 404, offline with nothing
// saved, an error with Try again, and the skeleton; in English and in French.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Language } from '@/domain/enums'
import { activateLocale } from '@/i18n/activate'
import { ApiError, NetworkError } from '@/lib/api-client'

import { hasNoItems, type QueryRead, QueryState, type QueryStateProps } from './query-state'
import { LastUpdated } from './read-state'

type Pages = { pages: { items: string[] }[] }

const read = (state: Partial<QueryRead<Pages>> = {}): QueryRead<Pages> => ({
  data: undefined,
  error: null,
  failureReason: null,
  fetchStatus: 'idle',
  dataUpdatedAt: 0,
  isPlaceholderData: false,
  refetch: vi.fn(),
  ...state,
})

const pages = (...items: string[]): Pages => ({ pages: [{ items }] })
const SAVED_AT = Date.UTC(2027, 4, 1, 9, 30)
const notFound = new ApiError(404, 'not_found', 'Not found')

function providers(children: ReactNode) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </I18nProvider>
  )
}

/** Every slot filled, each with its test id; the data as a list after its saved line. */
function renderState(query: QueryRead<Pages>, props: Partial<QueryStateProps<Pages>> = {}) {
  return render(
    providers(
      <QueryState
        query={query}
        skeleton={<div data-testid="skeleton" />}
        notFound={<p data-testid="not-found">No such list.</p>}
        offline={<p data-testid="offline">Needs a connection.</p>}
        error={{ title: 'The list could not be loaded.', offline: 'This list was not saved.' }}
        isEmpty={hasNoItems}
        empty={<p data-testid="empty">Nothing here.</p>}
        {...props}
      >
        {(data, saved) => (
          <>
            <LastUpdated {...saved} />
            <ul data-testid="items">
              {data.pages[0]!.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </>
        )}
      </QueryState>,
    ),
  )
}

const SLOTS = ['skeleton', 'not-found', 'offline', 'empty', 'items'] as const

/** The one slot on screen (or none, for an error), the others absent. */
function expectOnly(slot: (typeof SLOTS)[number] | null) {
  for (const other of SLOTS) {
    if (other === slot) expect(screen.getByTestId(other)).toBeInTheDocument()
    else expect(screen.queryByTestId(other)).toBeNull()
  }
}

const WORDS = {
  en: {
    unhandled: 'An unhandled error occurred.',
    retry: 'Try again',
    saved: /^Saved on this device\. Last updated .*2027.*\.$/,
    anotherLanguage: /It was saved in another language/,
  },
  fr: {
    unhandled: 'Une erreur inattendue s’est produite.',
    retry: 'Réessayer',
    saved: /^Enregistré sur cet appareil\. Dernière mise à jour : .*2027.*\.$/,
    anotherLanguage: /enregistrées dans une autre langue/,
  },
} satisfies Record<Language, unknown>

afterEach(() => onlineManager.setOnline(true))

describe.each(['en', 'fr'] as const)('a read in %s', (language) => {
  const words = WORDS[language]
  const inLanguage = () => activateLocale(language)

  it('shows the skeleton while the first answer is awaited, and while it retries online', async () => {
    await inLanguage()
    renderState(read({ fetchStatus: 'fetching', failureReason: new NetworkError() }))
    expectOnly('skeleton')
  })

  it('shows the data, saying nothing of when it was saved while online', async () => {
    await inLanguage()
    renderState(read({ data: pages('Harbour Loft', 'Old Mill'), dataUpdatedAt: SAVED_AT }))
    expectOnly('items')
    expect(screen.getByTestId('items')).toHaveTextContent('Harbour LoftOld Mill')
    expect(screen.queryByTestId('last-updated')).toBeNull()
  })

  it('offline, shows the saved data with when it was saved, even after a failed refresh', async () => {
    await inLanguage()
    onlineManager.setOnline(false)
    renderState(
      read({
        data: pages('Harbour Loft'),
        dataUpdatedAt: SAVED_AT,
        error: new NetworkError(),
        fetchStatus: 'paused',
      }),
    )
    expectOnly('items')
    expect(screen.getByTestId('last-updated')).toHaveTextContent(words.saved)
    expect(screen.getByTestId('last-updated')).not.toHaveTextContent(words.anotherLanguage)
  })

  it('marks a copy saved in another language, with when that copy was read', async () => {
    await inLanguage()
    onlineManager.setOnline(false)
    renderState(read({ data: pages('Harbour Loft'), isPlaceholderData: true, fetchStatus: 'paused' }), {
      anotherLanguage: { savedAt: SAVED_AT },
    })
    expectOnly('items')
    expect(screen.getByTestId('last-updated')).toHaveTextContent(words.anotherLanguage)
    expect(screen.getByTestId('last-updated')).toHaveTextContent(/2027/)
  })

  it('shows what the screen gives instead of its data (queued changes applied)', async () => {
    await inLanguage()
    renderState(read({ data: pages('Harbour Loft') }), { data: pages('Old Mill') })
    expect(screen.getByTestId('items')).toHaveTextContent(/^Old Mill$/)
  })

  it('shows the empty message for a list with no item', async () => {
    await inLanguage()
    renderState(read({ data: pages() }))
    expectOnly('empty')
  })

  it('shows "not found" for a 404, and the error when the screen has no "not found" of its own', async () => {
    await inLanguage()
    const withSlot = renderState(read({ error: notFound, failureReason: notFound }))
    expectOnly('not-found')
    expect(screen.queryByRole('button')).toBeNull()
    withSlot.unmount()
    renderState(read({ error: notFound, failureReason: notFound }), { notFound: undefined })
    expectOnly(null)
    expect(screen.getByText(words.unhandled)).toBeInTheDocument()
  })

  it('offline with nothing saved, shows the offline slot, or else the error in its offline words', async () => {
    await inLanguage()
    onlineManager.setOnline(false)
    const paused = read({ fetchStatus: 'paused' })
    const withSlot = renderState(paused)
    expectOnly('offline')
    withSlot.unmount()
    renderState(paused, { offline: undefined })
    expectOnly(null)
    expect(screen.getByText('The list could not be loaded.')).toBeInTheDocument()
    expect(screen.getByText('This list was not saved.')).toBeInTheDocument()
    expect(screen.queryByText(words.unhandled)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: words.retry }))
    expect(paused.refetch).toHaveBeenCalledTimes(1)
  })

  it('shows an error the server answered, with a Try again that asks again', async () => {
    await inLanguage()
    const failed = read({ error: new ApiError(500, 'internal', 'Boom'), failureReason: null })
    renderState(failed)
    expectOnly(null)
    expect(screen.getByText('The list could not be loaded.')).toBeInTheDocument()
    expect(screen.getByText(words.unhandled)).toBeInTheDocument()
    expect(screen.queryByText('This list was not saved.')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: words.retry }))
    expect(failed.refetch).toHaveBeenCalledTimes(1)
  })

  it('hands a screen that words its failure itself the error, whether offline, and the retry', async () => {
    await inLanguage()
    onlineManager.setOnline(false)
    const error = new NetworkError()
    const failed = read({ error, failureReason: error })
    const words = vi.fn(() => <p data-testid="own-failure" />)
    renderState(failed, { offline: undefined, error: words })
    expect(screen.getByTestId('own-failure')).toBeInTheDocument()
    expect(words).toHaveBeenLastCalledWith({ error, offline: true, retry: expect.any(Function) })
  })
})

describe('with a real query', () => {
  function ReadOf({ fail }: { fail: () => Error }) {
    const query = useQuery({ queryKey: ['list'], queryFn: (): Promise<Pages> => Promise.reject(fail()) })
    return (
      <QueryState
        query={query}
        skeleton={<div data-testid="skeleton" />}
        notFound={<p data-testid="not-found" />}
        offline={<p data-testid="offline" />}
        error={{ title: 'The list could not be loaded.', offline: 'This list was not saved.' }}
      >
        {() => <ul data-testid="items" />}
      </QueryState>
    )
  }

  function renderRead(fail: () => Error) {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } },
    })
    render(
      providers(<QueryClientProvider client={queryClient}>{<ReadOf fail={fail} />}</QueryClientProvider>),
    )
  }

  it('goes from the skeleton to "not found" when the server answers 404', async () => {
    await activateLocale('en')
    renderRead(() => notFound)
    expectOnly('skeleton')
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
    expectOnly('not-found')
  })

  it('goes from the skeleton to the offline slot when nothing answers while offline', async () => {
    await activateLocale('en')
    onlineManager.setOnline(false)
    renderRead(() => new NetworkError())
    expect(await screen.findByTestId('offline')).toBeInTheDocument()
    expectOnly('offline')
  })
})

// The back office's listings in jsdom, the API mocked at `fetch`: the list's search, order and page in the
// URL, a deletion the server refuses (bookings hold the property) said with the way out, and the property
// form: an empty submit says each rule beside its field and keeps what was typed; a full one sends every field.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { ListingRow } from '@/contract/listings'
import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { mockOfficeApi, openAt } from '@/test/office-harness'

const ROW: ListingRow = {
  _id: '3',
  name: 'Harbour Loft',
  agency: { _id: '7', name: 'Blue Door Lettings' },
  location: 'Lisbon',
  type: 'APARTMENT',
  rentalTerm: 'DAILY',
  price: 120,
  available: true,
  soldOut: false,
  hidden: false,
  image: '/cdn/properties/a.webp',
}
const COUNTRIES = [
  {
    _id: '1',
    name: 'Portugal',
    locations: [
      {
        _id: '11',
        name: 'Lisbon',
        countryId: '1',
        parentId: null,
        latitude: 38.7,
        longitude: -9.1,
        image: null,
      },
    ],
  },
]

beforeEach(async () => {
  await activateLocale('en')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the properties list', () => {
  it('asks for the search, order and page in its URL, and pages on', async () => {
    const calls = mockOfficeApi({
      'GET /api/back-office/properties*': (url) =>
        json(200, {
          items: [url.includes('page=2') ? { ...ROW, _id: '2', name: 'Quay House' } : ROW],
          total: 31,
          page: url.includes('page=2') ? 2 : 1,
          size: 15,
        }),
    })
    const router = await openAt('/admin/properties?keyword=loft&sort=priceDesc&page=1')
    expect(await screen.findByRole('link', { name: 'Harbour Loft' })).toHaveAttribute(
      'href',
      '/admin/properties/3',
    )
    expect(calls.find((call) => call.url.startsWith('/api/back-office/properties'))?.url).toBe(
      '/api/back-office/properties?keyword=loft&sort=priceDesc&language=en',
    )
    expect(screen.getByText('31 properties, page 1 of 3')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('priceDesc')

    await userEvent.setup().click(screen.getByRole('link', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ keyword: 'loft', page: '2' }))
    expect(await screen.findByRole('link', { name: 'Quay House' })).toBeInTheDocument()
    expect(calls.at(-1)?.url).toBe(
      '/api/back-office/properties?keyword=loft&sort=priceDesc&page=2&language=en',
    )
  })

  it('says why a booked property cannot be deleted, and hides it instead', async () => {
    let hidden = false
    const calls = mockOfficeApi({
      'GET /api/back-office/properties*': () =>
        json(200, { items: [{ ...ROW, hidden }], total: 1, page: 1, size: 15 }),
      'DELETE /api/back-office/properties/3': () =>
        json(409, {
          error: 'property_booked',
          message: 'This property has bookings, so it cannot be deleted: hide it instead.',
        }),
      'POST /api/back-office/properties/3/flags': () => {
        hidden = true
        return json(200, {})
      },
    })
    await openAt('/admin/properties')
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Delete Harbour Loft' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this property?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(
      await within(dialog).findByText(
        'This property has bookings, so it cannot be deleted: hide it instead.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Hide it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((call) => call.url === '/api/back-office/properties/3/flags')?.body).toEqual({
      hidden: true,
    })
    expect(await screen.findByRole('button', { name: 'Show Harbour Loft' })).toBeInTheDocument()
  })
})

describe('the property form', () => {
  it('says each broken rule beside its field on an empty submit, keeps what was typed, and sends nothing', async () => {
    const calls = mockOfficeApi({ 'GET /api/countries-with-locations/en': () => json(200, COUNTRIES) })
    await openAt('/admin/properties/new')
    const user = userEvent.setup({ delay: null })
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    await user.type(name, 'Quay House')
    const age = screen.getByRole('textbox', { name: /^Minimum age/ })
    await user.clear(age)
    await user.type(age, '18')
    await user.click(screen.getByRole('button', { name: 'Create the property' }))

    expect(await screen.findByText('Please add an image.')).toBeInTheDocument()
    expect(screen.getByText('The minimum age must be greater than or equal to 21.')).toBeInTheDocument()
    const summary = screen.getByRole('alert')
    expect(summary).toHaveTextContent('Please fix errors.')
    expect(summary).toHaveTextContent(/Type.*Description in English.*Description in French/)
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: /^Description in English/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    // What was typed stays.
    expect(name).toHaveValue('Quay House')
    expect(age).toHaveValue('18')
    expect(calls.filter((call) => call.url.startsWith('/api/back-office/'))).toEqual([])
  })

  it('uploads images, reorders them, and sends every field of the property', async () => {
    let uploads = 0
    const calls = mockOfficeApi({
      'GET /api/countries-with-locations/en': () => json(200, COUNTRIES),
      'POST /api/back-office/property-images': () => {
        uploads += 1
        return json(200, {
          file: `up${uploads}.webp`,
          small: `/s/up${uploads}.webp`,
          large: `/l/up${uploads}.webp`,
        })
      },
      'POST /api/back-office/properties': () => json(200, { ...ROW, name: 'Quay House' }),
      'GET /api/back-office/properties*': () => json(200, { items: [ROW], total: 1, page: 1, size: 15 }),
    })
    const router = await openAt('/admin/properties/new')
    const user = userEvent.setup({ delay: null })
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Quay House')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Type/ }), 'HOUSE')
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Location/ })).toBeEnabled())
    await user.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), '11')
    await user.type(screen.getByRole('textbox', { name: /^Description in English/ }), 'By the quay.')
    await user.type(screen.getByRole('textbox', { name: /^Description in French/ }), 'Près du quai.')
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '95')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Rental term/ }), 'WEEKLY')
    const cancellation = screen.getByRole('textbox', { name: /^Cancellation option/ })
    await user.clear(cancellation)
    await user.type(cancellation, '0')
    const files = document.querySelector<HTMLInputElement>('input[type="file"]')!
    await user.upload(files, [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.png', { type: 'image/png' }),
    ])
    expect(await screen.findByRole('img', { name: 'Image 2' })).toHaveAttribute('src', '/s/up2.webp')
    await user.click(screen.getByRole('button', { name: 'Move image 2 up' }))
    await user.click(screen.getByRole('button', { name: 'Create the property' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/properties'))
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/back-office/properties')
    expect(sent?.body).toEqual({
      name: 'Quay House',
      locationId: '11',
      type: 'HOUSE',
      rentalTerm: 'WEEKLY',
      price: 95,
      minimumAge: 21,
      address: '',
      descriptionEn: 'By the quay.',
      descriptionFr: 'Près du quai.',
      bedrooms: 0,
      bathrooms: 0,
      kitchens: 0,
      parkingSpaces: 0,
      size: null,
      aircon: false,
      furnished: false,
      petsAllowed: false,
      available: true,
      soldOut: false,
      hidden: false,
      images: ['up2.webp', 'up1.webp'],
      cancellation: 0,
      amendments: -1,
      latitude: null,
      longitude: null,
    })
  })

  it('opens a property with its values and images, and sends the change to that property', async () => {
    const listing = {
      ...ROW,
      locationId: '11',
      minimumAge: 25,
      address: '3 Quay Street',
      descriptionEn: 'By the harbour.',
      descriptionFr: 'Près du port.',
      bedrooms: 2,
      bathrooms: 1,
      kitchens: 1,
      parkingSpaces: 0,
      size: 60,
      aircon: true,
      furnished: true,
      petsAllowed: false,
      cancellation: 0,
      amendments: 25,
      latitude: null,
      longitude: null,
      images: [{ file: 'a.webp', small: '/s/a.webp', large: '/l/a.webp' }],
      booked: true,
    }
    const calls = mockOfficeApi({
      'GET /api/countries-with-locations/en': () => json(200, COUNTRIES),
      'GET /api/back-office/properties/3': () => json(200, listing),
      'POST /api/back-office/properties/3': () => json(200, listing),
      'GET /api/back-office/properties*': () => json(200, { items: [ROW], total: 1, page: 1, size: 15 }),
    })
    const router = await openAt('/admin/properties/3')
    const user = userEvent.setup({ delay: null })
    const price = await screen.findByRole('textbox', { name: /^Price/ })
    expect(screen.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/s/a.webp')
    expect(screen.getByRole('textbox', { name: /^Minimum age/ })).toHaveValue('25')
    await user.clear(price)
    await user.type(price, '140')
    await user.click(screen.getByRole('button', { name: 'Save the changes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/properties'))
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/back-office/properties/3')
    expect(sent?.body).toMatchObject({
      price: 140,
      minimumAge: 25,
      images: ['a.webp'],
      address: '3 Quay Street',
    })
    // An agency's property stays its own: no agency is sent.
    expect(sent?.body).not.toHaveProperty('agencyId')
  })
})

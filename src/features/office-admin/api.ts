// The administration's calls (src/contract/admin.ts), by contract key: the queries' options, their keys under
// the back office's root (signing out forgets them), and the acts.
import { queryOptions } from '@tanstack/react-query'

import type { AgencyForm } from '@/contract/admin'
import {
  adminAgency,
  adminCountry,
  adminLocation,
  adminPasswordReset,
  adminPlaces,
  adminResendActivation,
  adminUser,
  adminUsers,
  agencyLogo,
  createAgency,
  createCountry,
  createLocation,
  deactivateAgency,
  deleteAgency,
  deleteCountry,
  deleteLocation,
  liftSuspension,
  platformOverview,
  reactivateAgency,
  suspendUser,
  updateAgency,
  updateCountry,
  updateLocation,
} from '@/contract/routes'
import { staffKeys } from '@/entities/staff/staff-session'
import { call } from '@/lib/api-client'

import type { UsersParams } from './search-params'

export const adminKeys = {
  all: () => [...staffKeys.all(), 'admin'] as const,
  overview: () => [...adminKeys.all(), 'overview'] as const,
  users: (params: UsersParams) => [...adminKeys.all(), 'users', params] as const,
  user: (id: string) => [...adminKeys.all(), 'user', id] as const,
  agency: (id: string) => [...adminKeys.all(), 'agency', id] as const,
  places: () => [...adminKeys.all(), 'places'] as const,
  country: (id: string) => [...adminKeys.all(), 'country', id] as const,
  location: (id: string) => [...adminKeys.all(), 'location', id] as const,
}

// Personal data and the platform's live figures: read again on each visit (staleTime 0).
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => call(platformOverview, { signal }),
    staleTime: 0,
  })

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => call(adminUsers, { body: { ...params, page: params.page ?? 1 }, signal }),
    staleTime: 0,
  })

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => call(adminUser, { params: { id }, signal }),
    staleTime: 0,
  })

export const agencyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.agency(id),
    queryFn: ({ signal }) => call(adminAgency, { params: { id }, signal }),
    staleTime: 0,
  })

export const placesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.places(),
    queryFn: ({ signal }) => call(adminPlaces, { signal }),
    staleTime: 0,
  })

export const countryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.country(id),
    queryFn: ({ signal }) => call(adminCountry, { params: { id }, signal }),
    staleTime: 0,
  })

export const locationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.location(id),
    queryFn: ({ signal }) => call(adminLocation, { params: { id }, signal }),
    staleTime: 0,
  })

/** A user's acts, each the server's to check and record. */
export const userActs = {
  suspend: (id: string) => call(suspendUser, { params: { id } }),
  liftSuspension: (id: string) => call(liftSuspension, { params: { id } }),
  resendActivation: (id: string) => call(adminResendActivation, { params: { id } }),
  startPasswordReset: (id: string) => call(adminPasswordReset, { params: { id } }),
}

export const agencyActs = {
  create: (body: AgencyForm) => call(createAgency, { body }),
  update: (id: string, body: AgencyForm) => call(updateAgency, { params: { id }, body }),
  deactivate: (id: string) => call(deactivateAgency, { params: { id } }),
  reactivate: (id: string) => call(reactivateAgency, { params: { id } }),
  delete: (id: string) => call(deleteAgency, { params: { id } }),
  /** One image, made 60x30 by the server. */
  logo: (id: string, file: File) => {
    const body = new FormData()
    body.append('image', file, file.name)
    return call(agencyLogo, { params: { id }, body })
  },
}

export interface CountryValues {
  code: string
  nameEn: string
  nameFr: string
}

export interface LocationValues {
  countryId: string
  parentId?: string | null
  nameEn: string
  nameFr: string
  latitude: number
  longitude: number
}

export const placeActs = {
  createCountry: (body: CountryValues) => call(createCountry, { body }),
  updateCountry: (id: string, body: CountryValues) => call(updateCountry, { params: { id }, body }),
  deleteCountry: (id: string) => call(deleteCountry, { params: { id } }),
  createLocation: (body: LocationValues) => call(createLocation, { body }),
  updateLocation: (id: string, body: LocationValues) => call(updateLocation, { params: { id }, body }),
  deleteLocation: (id: string) => call(deleteLocation, { params: { id } }),
}

// The users' and agencies' lists keep their search in the URL's query (a link or a reload shows the same list):
// words of the name or e-mail, a type, a state, and the page (from 1).
import { USER_STATES, type UserState } from '@/domain/admin'
import { USER_TYPES, type UserType } from '@/domain/enums'
import { optionalString } from '@/lib/search-params'

export interface UsersParams {
  keyword?: string
  type?: UserType
  state?: UserState
  page?: number
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined

function pageOf(value: unknown): number | undefined {
  const page = Number(value)
  return Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : undefined
}

const defined = <T extends object>(params: T): T =>
  Object.fromEntries(Object.entries(params).filter((entry) => entry[1] !== undefined)) as T

export function validateUsersParams(raw: Record<string, unknown>): UsersParams {
  return defined({
    keyword: optionalString(raw.keyword, 200)?.trim() || undefined,
    type: oneOf(USER_TYPES, raw.type),
    state: oneOf(USER_STATES, raw.state),
    page: pageOf(raw.page),
  })
}

/** The agencies' list is the users' list of type AGENCY: the same search, its type fixed. */
export type AgenciesParams = Omit<UsersParams, 'type'>

export function validateAgenciesParams(raw: Record<string, unknown>): AgenciesParams {
  const { type: _type, ...params } = validateUsersParams(raw)
  return params
}

/** A list's address with these search parameters. */
export function listHref(path: '/admin/users' | '/admin/agencies', params: UsersParams): string {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter((entry) => entry[1] !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ).toString()
  return query ? `${path}?${query}` : path
}

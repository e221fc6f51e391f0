// The layer rules of eslint.config.js, run on small files through ESLint's Node API: each forbidden import
// must be reported, and an allowed one must not. The imported files are real (the rules only judge an import
// they can resolve): if one moves, its case fails until it names another.
import { resolve } from 'node:path'

import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

import { LADDER, type Layer } from '../../scripts/layers.ts'

// No trailing slash: with one, the TypeScript resolver finds no tsconfig for the file and `@/` imports pass.
const root = resolve(import.meta.dirname, '../..')
const CHECKED = new Set(['import-x/no-restricted-paths', 'haven/no-cycle', 'no-restricted-imports'])

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // The rules under test need no types: leave out the type-aware ones and the TypeScript program they need.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => CHECKED.has(ruleId),
  })
})

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }))
}

// A real module of each layer, for a lower layer to import (a domain module imports nothing of the app's).
const MODULE_OF: Record<Exclude<Layer, 'domain'>, string> = {
  app: '@/app/router',
  features: '@/features/settings/api',
  entities: '@/entities/session/session',
  offline: '@/offline/online',
  ui: '@/ui/icons',
  lib: '@/lib/api-client',
  i18n: '@/i18n/activate',
}

describe('the ladder: no layer imports one above it', () => {
  it('is app, features, entities, offline, ui, lib, i18n, domain', () => {
    expect(LADDER).toEqual(['app', 'features', 'entities', 'offline', 'ui', 'lib', 'i18n', 'domain'])
  })

  // Every pair of layers, one above the other.
  const upward = LADDER.flatMap((upper, index) => LADDER.slice(index + 1).map((lower) => ({ lower, upper })))
  it.each(upward)('$lower importing $upper fails', async ({ lower, upper }) => {
    const file = lower === 'features' ? 'src/features/info/example.ts' : `src/${lower}/example.ts`
    const code = `import * as upper from '${MODULE_OF[upper as Exclude<Layer, 'domain'>]}'\nexport const u = upper\n`
    expect(await lint(file, code)).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining(`src/${lower} imports nothing above it on the ladder`) as string,
      },
    ])
  })

  it.each(upward)('$upper importing $lower passes', async ({ lower, upper }) => {
    const file = upper === 'features' ? 'src/features/info/example.ts' : `src/${upper}/example.ts`
    const code = `import * as lower from '${lower === 'domain' ? '@/domain/enums' : MODULE_OF[lower]}'\nexport const l = lower\n`
    expect(await lint(file, code)).toEqual([])
  })
})

describe('forbidden imports fail lint', () => {
  it.each([
    {
      who: 'an entity importing a feature',
      file: 'src/entities/session/example.ts',
      code: "import { fetchUser } from '@/features/settings/api'\nexport const f = fetchUser\n",
      says: 'src/entities imports nothing above it on the ladder (app, features).',
    },
    {
      who: "a feature importing the back office's app",
      file: 'src/features/office-account/example.ts',
      code: "import { createOfficeRouter } from '@/back-office/router'\nexport const f = createOfficeRouter\n",
      says: "Nor src/back-office, on app's rung.",
    },
    {
      who: "the back office importing the renter's app",
      file: 'src/back-office/example.ts',
      code: "import { createAppRouter } from '@/app/router'\nexport const f = createAppRouter\n",
      says: "the renter's app and the back office are two applications: neither imports the other.",
    },
    {
      who: "the renter's app importing the back office",
      file: 'src/app/example.ts',
      code: "import { createOfficeRouter } from '@/back-office/router'\nexport const f = createOfficeRouter\n",
      says: "the renter's app and the back office are two applications: neither imports the other.",
    },
    {
      who: 'offline importing an entity',
      file: 'src/offline/example.ts',
      code: "import { readSessionUser } from '@/entities/session/session'\nexport const f = readSessionUser\n",
      says: 'src/offline imports nothing above it on the ladder',
    },
    {
      who: 'a feature importing another feature',
      file: 'src/features/bookings/example.ts',
      code: "import { fetchUser } from '@/features/settings/api'\nexport const f = fetchUser\n",
      says: 'a feature does not import another feature.',
    },
    {
      who: "a feature's declaration importing client code",
      file: 'src/features/info/feature.ts',
      code: "import { apiFetch } from '@/lib/api-client'\nexport default { name: 'info', fetch: apiFetch }\n",
      says: "a feature's declaration is plain data for Node tools too: it imports only src/domain.",
    },
    {
      who: 'the server importing src/lib',
      file: 'server/example.ts',
      code: "import { apiFetch } from '../src/lib/api-client.ts'\nexport const f = apiFetch\n",
      says: 'the server may only import src/domain and src/contract.',
    },
    {
      who: 'the server importing src/lib through the alias',
      file: 'server/example.ts',
      code: "import { apiFetch } from '@/lib/api-client'\nexport const f = apiFetch\n",
      says: 'the server may only import src/domain and src/contract.',
    },
    {
      who: 'the contract importing lib',
      file: 'src/contract/example.ts',
      code: "import { apiFetch } from '@/lib/api-client'\nexport const f = apiFetch\n",
      says: 'the contract is shared with the server: it imports nothing from the app.',
    },
    {
      who: 'a domain file importing the contract built on it',
      file: 'src/domain/example.ts',
      code: "import { listFavourites } from '@/contract/routes'\nexport const r = listFavourites\n",
      says: 'domain is shared with the server: it imports nothing from it, nor the contract built on it.',
    },
    {
      who: 'the service worker importing src/lib',
      file: 'sw/example.ts',
      code: "import { apiFetch } from '../src/lib/api-client.ts'\nexport const f = apiFetch\n",
      says: 'the service worker may only import src/domain',
    },
    {
      who: 'production server code importing a stand-in',
      file: 'server/example.ts',
      code: "import { startPaymentStandIns } from './stand-ins/payments.ts'\nexport const s = startPaymentStandIns\n",
      says: 'production server code imports no stand-in and no test code',
    },
    {
      who: 'a service importing test code',
      file: 'server/services/payments/example.ts',
      code: "import { startJwksStandIn } from '../../test/stand-ins/jwks.ts'\nexport const s = startJwksStandIn\n",
      says: 'production server code imports no stand-in and no test code',
    },
    {
      who: 'the production server still held to the layers beside that rule',
      file: 'server/example.ts',
      code: "import { apiFetch } from '../src/lib/api-client.ts'\nexport const f = apiFetch\n",
      says: 'the server may only import src/domain and src/contract.',
    },
  ])('$who', async ({ file, code, says }) => {
    const messages = await lint(file, code)
    expect(messages).toEqual([
      { ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining(says) as string },
    ])
  })

  it('classic zod in the contract, which is on zod/mini', async () => {
    const messages = await lint('src/contract/example.ts', "import { z } from 'zod'\nexport const s = z\n")
    expect(messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports'])
  })

  it('classic zod in client code', async () => {
    const messages = await lint(
      'src/features/info/example.ts',
      "import { z } from 'zod'\nexport const s = z\n",
    )
    expect(messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports'])
  })

  it('classic zod in the domain, whose schemas the client and the server share on zod/mini', async () => {
    const messages = await lint('src/domain/example.ts', "import { z } from 'zod'\nexport const s = z\n")
    expect(messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports'])
  })
})

// A cycle needs a real file that imports the linted one back: each case lints new text as an existing file
// (src/entities/map/markers.ts, which src/entities/map/map-view.ts imports for a type).
describe('import cycles fail lint, type-only and lazy imports included', () => {
  it.each([
    {
      who: 'a type-only cycle',
      code: "import type { MapView } from './map-view'\nexport type Start = MapView\n",
    },
    {
      who: 'a lazy import one way and a type import back',
      code: "export const loadView = () => import('./map-view')\n",
    },
    {
      who: 'a re-export one way and a type import back',
      code: "export * from './map-view'\n",
    },
  ])('$who', async ({ code }) => {
    const messages = await lint('src/entities/map/markers.ts', code)
    expect(messages).toEqual([
      {
        ruleId: 'haven/no-cycle',
        message: expect.stringContaining(
          'src/entities/map/markers.ts > src/entities/map/map-view.ts > src/entities/map/markers.ts',
        ) as string,
      },
    ])
  })
})

describe('allowed imports pass', () => {
  it.each([
    {
      who: 'a feature importing its own files, lib, offline, i18n and domain',
      file: 'src/features/settings/example.ts',
      code: [
        "import { fetchUser } from '@/features/settings/api'",
        "import { apiFetch } from '@/lib/api-client'",
        "import { useOnline } from '@/offline/online'",
        "import { activateLocale } from '@/i18n/activate'",
        "import { LANGUAGES } from '@/domain/enums'",
        'export const all = [fetchUser, apiFetch, useOnline, activateLocale, LANGUAGES]',
        '',
      ].join('\n'),
    },
    {
      who: "a feature's declaration importing its shape from src/domain",
      file: 'src/features/info/feature.ts',
      code: "import { defineFeature } from '../../domain/feature-declaration.ts'\nexport const d = defineFeature\n",
    },
    {
      who: 'offline importing lib',
      file: 'src/offline/example.ts',
      code: "import { apiFetch } from '@/lib/api-client'\nexport const f = apiFetch\n",
    },
    {
      who: 'the server importing src/domain',
      file: 'server/example.ts',
      code: "import { LANGUAGES } from '../src/domain/enums.ts'\nexport const l = LANGUAGES\n",
    },
    {
      who: 'the server importing the contract',
      file: 'server/example.ts',
      code: "import { favouriteRoutes } from '../src/contract/favourites.ts'\nexport const r = favouriteRoutes\n",
    },
    {
      who: 'lib and a feature importing the contract: its route keys, and its schemas for types',
      file: 'src/features/settings/example.ts',
      code: [
        "import type { Favourites } from '@/contract/favourites'",
        "import { listFavourites } from '@/contract/routes'",
        "import { call } from '@/lib/api-client'",
        'export type F = Favourites',
        'export const all = [listFavourites, call]',
        '',
      ].join('\n'),
    },
    {
      who: 'the contract importing the domain',
      file: 'src/contract/example.ts',
      code: "import { LANGUAGES } from '../domain/enums.ts'\nexport const l = LANGUAGES\n",
    },
    {
      who: "client code importing classic zod for types only, a contract schema's type, and zod/mini",
      file: 'src/features/info/example.ts',
      code: [
        "import type { z } from 'zod'",
        "import { z as mini } from 'zod/mini'",
        "import type { Property } from '@/contract/catalog'",
        'export type T = z.ZodType | Property',
        'export const m = mini',
        '',
      ].join('\n'),
    },
    {
      who: 'the development entry importing the stand-ins',
      file: 'server/dev-main.ts',
      code: "import { startDemoStandIns } from './stand-ins/demo.ts'\nexport const s = startDemoStandIns\n",
    },
    {
      who: 'a server test importing the stand-ins and the test helpers',
      file: 'server/routes/example.test.ts',
      code: [
        "import { startPaymentStandIns } from '../stand-ins/payments.ts'",
        "import { startJwksStandIn } from '../test/stand-ins/jwks.ts'",
        'export const all = [startPaymentStandIns, startJwksStandIn]',
        '',
      ].join('\n'),
    },
  ])('$who', async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([])
  })
})

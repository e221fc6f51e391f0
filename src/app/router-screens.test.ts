// The route tree lists its features' routes by hand (./router.ts): a list found by `import.meta.glob` would
// type every route as any route, and the links' checked paths would go with it. So this checks it against the
// declarations: every screen the renter's features declare is routed, and nothing else.
import { createMemoryHistory } from '@tanstack/react-router'
import { expect, it } from 'vitest'

import { screensOf } from '@/features/declarations'
import { createQueryClient } from '@/lib/query-client'

import { createAppRouter } from './router'

it("routes every screen the renter's features declare, and no other", () => {
  const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/'] }))
  const declared = screensOf('frontend').map((screen) => screen.path)
  expect(Object.keys(router.routesByPath).toSorted()).toEqual(declared.toSorted())
})

// The back office's route tree lists its features' routes by hand (./router.ts), for the links' typed paths
// (src/app/router-screens.test.ts says why): every screen its features declare is routed, and nothing else.
import { createMemoryHistory } from '@tanstack/react-router'
import { expect, it } from 'vitest'

import { screensOf } from '@/features/declarations'
import { createQueryClient } from '@/lib/query-client'

import { createOfficeRouter } from './router'

it("routes every screen the back office's features declare, and no other", () => {
  const router = createOfficeRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/admin'] }))
  const declared = screensOf('backend').map((screen) => screen.path)
  expect(Object.keys(router.routesByPath).toSorted()).toEqual(declared.toSorted())
})

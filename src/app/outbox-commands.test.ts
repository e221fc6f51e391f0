// The outbox's kinds are found, not listed: every `*-commands.ts` module of a feature or an entity exports its
// kinds as `COMMAND_KINDS`, and a module without that list, or two kinds of one type, fails here rather than
// leaving a later page unable to send a command an earlier one wrote.
import { describe, expect, it } from 'vitest'

import type { AnyCommandKind } from '@/offline/outbox'

import { gatherKinds, loadOutboxCommands } from './outbox-commands'

const kind = (type: string) => ({ type }) as AnyCommandKind

describe("the outbox's kinds", () => {
  it("gathers every commands module's list, each type once", async () => {
    const modules = import.meta.glob<unknown>('/src/{features,entities}/*/*-commands.ts', {
      import: 'COMMAND_KINDS',
      eager: true,
    })
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(5)
    for (const [path, kinds] of Object.entries(modules))
      expect(Array.isArray(kinds) && kinds.length > 0, `${path} exports a COMMAND_KINDS list`).toBe(true)
    const types = (await loadOutboxCommands()).map((each) => each.type)
    expect(types).toEqual(
      expect.arrayContaining(['booking.cancel-request', 'user.language', 'favourites.set']),
    )
    expect(new Set(types).size).toBe(types.length)
  })

  it('refuses a commands module that exports no list', async () => {
    await expect(
      loadOutboxCommands({
        '/src/features/a/a-commands.ts': () => Promise.resolve([kind('a.one')]),
        '/src/features/b/b-commands.ts': () => Promise.resolve(undefined),
      }),
    ).rejects.toThrow('/src/features/b/b-commands.ts exports no COMMAND_KINDS list')
  })

  it('refuses two kinds of one type', () => {
    expect(() =>
      gatherKinds({
        '/src/features/a/a-commands.ts': [kind('shared.type')],
        '/src/entities/b/b-commands.ts': [kind('shared.type')],
      }),
    ).toThrow(
      /b-commands\.ts and \/src\/features\/a\/a-commands\.ts both declare the command type shared\.type/,
    )
  })
})

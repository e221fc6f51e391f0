// Every kind of command the app writes to its outbox (src/offline/outbox.ts), for the loop to send the ones a
// page before this one left behind. No list is written here: each `*-commands.ts` module of a feature or an
// entity declares its kinds beside the screens that make them, under one name (`COMMAND_KINDS`), and the build
// finds them. Each module stays a chunk of its own, loaded only when a command waits (src/main.tsx).
import type { AnyCommandKind } from '@/offline/outbox'

/** The name under which every `src/{features,entities}/<name>/*-commands.ts` module exports its kinds. */
export const COMMAND_KINDS_EXPORT = 'COMMAND_KINDS'

type KindLoaders = Record<string, () => Promise<readonly AnyCommandKind[] | undefined>>

const COMMAND_MODULES = import.meta.glob<readonly AnyCommandKind[] | undefined>(
  '/src/{features,entities}/*/*-commands.ts',
  { import: 'COMMAND_KINDS' },
)

/**
 * The kinds of every module, each type once. A module that exports no list, or two kinds of one type, is a
 * mistake the tests see (./outbox-commands.test.ts) rather than a command a later page could not send.
 */
export function gatherKinds(
  modules: Record<string, readonly AnyCommandKind[] | undefined>,
): readonly AnyCommandKind[] {
  const byType = new Map<string, string>()
  return Object.entries(modules).flatMap(([path, kinds]) => {
    if (!Array.isArray(kinds)) throw new Error(`${path} exports no ${COMMAND_KINDS_EXPORT} list`)
    for (const kind of kinds) {
      const first = byType.get(kind.type)
      if (first) throw new Error(`${path} and ${first} both declare the command type ${kind.type}`)
      byType.set(kind.type, path)
    }
    return kinds
  })
}

/** Every kind of command the app makes (its modules loaded side by side). */
export async function loadOutboxCommands(modules: KindLoaders = COMMAND_MODULES) {
  const paths = Object.keys(modules)
  const lists = await Promise.all(paths.map((path) => modules[path]!()))
  return gatherKinds(Object.fromEntries(paths.map((path, index) => [path, lists[index]])))
}

// The Mantine stylesheets the build imports (scripts/mantine-styles.ts): every component the app uses has its
// own, and those it is built on come first, as in Mantine's whole stylesheet.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { appSources, mantineStylesheets } from './mantine-styles.ts'

const styles = join(new URL('..', import.meta.url).pathname, 'node_modules/@mantine/core/styles')
const BASE = ['baseline.css', 'default-css-variables.css', 'global.css']

/** Components imported from @mantine/core, in `sources`, that ship a stylesheet of their own. */
function styledComponents(sources: string[]): string[] {
  const names = sources.flatMap((source) =>
    [...source.matchAll(/import\s+\{([^}]*)\}\s+from\s+'@mantine\/core'/g)].flatMap(([, braces]) =>
      braces!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
    ),
  )
  return [...new Set(names)].filter((name) => /^[A-Z]/.test(name) && existsSync(join(styles, `${name}.css`)))
}

const unstyled = (sources: string[]) => {
  const stylesheets = mantineStylesheets(sources)
  return styledComponents(sources).filter((name) => !stylesheets.includes(`${name}.css`))
}

describe('the Mantine stylesheets', () => {
  it('include the stylesheet of every component the app imports', () => {
    const sources = appSources()
    expect(styledComponents(sources).length).toBeGreaterThan(30)
    expect(unstyled(sources)).toEqual([])
  })

  it("put every component's stylesheet after those of the components it renders, base layers first", () => {
    const stylesheets = mantineStylesheets(appSources())
    expect(stylesheets.slice(0, 3)).toEqual(BASE)
    const misplaced = stylesheets.flatMap((stylesheet) => {
      const component = stylesheet.replace(/\.css$/, '')
      return mantineStylesheets([`import { ${component} } from '@mantine/core'`])
        .filter(
          (inner) => inner !== stylesheet && stylesheets.indexOf(inner) > stylesheets.indexOf(stylesheet),
        )
        .map((inner) => `${inner} after ${stylesheet}`)
    })
    expect(misplaced).toEqual([])
  })

  it('include a component seen for the first time, with those it is built on, base layers first', () => {
    const source = `import { MantineProvider, Select, Tooltip } from '@mantine/core'`
    expect(unstyled([source])).toEqual([])
    const stylesheets = mantineStylesheets([source])
    expect(stylesheets.slice(0, 3)).toEqual(BASE)
    expect(stylesheets).toEqual(
      expect.arrayContaining(['Combobox.css', 'Input.css', 'Popover.css', 'ScrollArea.css']),
    )
    // A component's rules come after those of what it renders, for the cascade.
    expect(stylesheets.indexOf('Input.css')).toBeLessThan(stylesheets.indexOf('Combobox.css'))
  })

  it('follow what a component renders: a segmented control its floating indicator, an anchor its text', () => {
    expect(mantineStylesheets([`import { SegmentedControl } from '@mantine/core'`])).toContain(
      'FloatingIndicator.css',
    )
    const anchor = mantineStylesheets([`import { Anchor } from '@mantine/core'`])
    expect(anchor.indexOf('Text.css')).toBeLessThan(anchor.indexOf('Anchor.css'))
  })

  it('count a part carried as a member (Checkbox.Card) only once it is used', () => {
    const checkbox = `import { Checkbox } from '@mantine/core'\nconst box = <Checkbox />`
    expect(mantineStylesheets([checkbox])).not.toContain('CheckboxCard.css')
    expect(mantineStylesheets([`${checkbox}\nconst card = <Checkbox.Card />`])).toContain('CheckboxCard.css')
  })

  it('skip type-only imports, and follow @mantine/notifications into the core components it renders', () => {
    expect(mantineStylesheets([`import type { ButtonProps } from '@mantine/core'`])).toEqual([])
    expect(mantineStylesheets([`import { type ButtonProps, Badge } from '@mantine/core'`])).toEqual([
      'Badge.css',
    ])
    expect(mantineStylesheets([`const host = () => import('@mantine/notifications')`])).toContain(
      'Notification.css',
    )
  })
})

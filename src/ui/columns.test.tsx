// A grid's counts for every breakpoint are on the element itself: one left out keeps the count of the one below
// (as with Mantine's SimpleGrid), so a grid inside another inherits none of the outer one's.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Columns } from './columns'

function styleOf(html: string): string {
  return /style="([^"]*)"/.exec(html)?.[1] ?? ''
}

describe('Columns', () => {
  it('sets a count for every breakpoint, each left out taking the one below', () => {
    const style = styleOf(renderToString(<Columns cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" />))
    expect(style).toContain(
      '--columns-base:1;--columns-xs:1;--columns-sm:2;--columns-md:2;--columns-lg:4;--columns-xl:4',
    )
  })

  it("spaces rows as columns unless told, with the theme's spacing", () => {
    expect(styleOf(renderToString(<Columns cols={{ base: 2 }} spacing="md" />))).toContain(
      '--columns-gap-x:var(--mantine-spacing-md);--columns-gap-y:var(--mantine-spacing-md)',
    )
    expect(
      styleOf(renderToString(<Columns cols={{ base: 2 }} spacing="md" verticalSpacing="xs" />)),
    ).toContain('--columns-gap-y:var(--mantine-spacing-xs)')
  })

  it('keeps the attributes and style it is given', () => {
    const html = renderToString(
      <Columns
        cols={{ base: 1 }}
        spacing="sm"
        role="list"
        aria-label="Saved"
        style={{ alignItems: 'end' }}
      />,
    )
    expect(html).toContain('role="list"')
    expect(html).toContain('aria-label="Saved"')
    expect(styleOf(html)).toContain('align-items:end')
  })
})

// Columns of equal width whose count changes with the screen, in CSS alone. Mantine's SimpleGrid does the
// same with a style element it renders for each grid, and its code weighed 0.58 KB on every landing page's
// first load (docs/performance.md); this is a div with a class and its counts as custom properties.
import { getSpacing, type MantineSpacing } from '@mantine/core'
import type { ComponentPropsWithoutRef, CSSProperties } from 'react'

import classes from './columns.module.css'

const BREAKPOINTS = ['base', 'xs', 'sm', 'md', 'lg', 'xl'] as const
type Breakpoint = (typeof BREAKPOINTS)[number]

interface ColumnsProps extends ComponentPropsWithoutRef<'div'> {
  /** How many columns from each breakpoint up: a breakpoint left out keeps the count of the one below. */
  cols: { base: number } & Partial<Record<Breakpoint, number>>
  /** The theme's spacing between columns, and between rows unless `verticalSpacing` says otherwise. */
  spacing: MantineSpacing
  verticalSpacing?: MantineSpacing
}

export function Columns({
  cols,
  spacing,
  verticalSpacing = spacing,
  className,
  style,
  ...props
}: ColumnsProps) {
  const variables: Record<string, string | number> = {
    '--columns-gap-x': getSpacing(spacing)!,
    '--columns-gap-y': getSpacing(verticalSpacing)!,
  }
  let count = cols.base
  for (const breakpoint of BREAKPOINTS) {
    count = cols[breakpoint] ?? count
    variables[`--columns-${breakpoint}`] = count
  }
  return (
    <div
      {...props}
      className={className === undefined ? classes.columns : `${classes.columns} ${className}`}
      style={{ ...variables, ...style } as CSSProperties}
    />
  )
}

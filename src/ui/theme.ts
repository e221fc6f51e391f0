import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

import { MOBILE_BREAKPOINT_PX } from '@/domain/constants'

// Petrol teal, the colour of the app icon's plate (public/favicon.svg); shade 7 is the icon's own.
const petrol: MantineColorsTuple = [
  '#e6f6f8',
  '#c9e9ee',
  '#97d3dc',
  '#62bbc9',
  '#39a6b6',
  '#2297a8',
  '#1a8193',
  '#16707f',
  '#0f5e6b',
  '#0e4f5c',
]

// Warm amber, the icon's roof: calls to action that must stand out from the teal. A filled amber button
// (CALL_TO_ACTION in src/ui/brand.ts) carries dark text: white on any bright amber stays under 4.5:1 (3.24:1 on shade 7).
const amber: MantineColorsTuple = [
  '#fff6e5',
  '#fdeacb',
  '#f9d399',
  '#f4b860',
  '#f0a33a',
  '#ed9521',
  '#ec8d12',
  '#d27905',
  '#bb6a00',
  '#a25a00',
]

const fontFamily = "'Figtree Variable', 'Figtree', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

/**
 * Secondary text: Mantine's `dimmed` (gray 6, #868e96) is 3.3:1 on white, under the 4.5:1 that body text
 * needs; gray 7's #495057 is 8.2:1 but reads as body text, so a grey between them.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Mantine's red.6 (3.3:1 on white) is below 4.5:1 for a field's error text; red.9 is above it.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
})

export const theme = createTheme({
  primaryColor: 'petrol',
  // Shade 7 keeps white text above 4.5:1 contrast on filled buttons.
  primaryShade: { light: 7, dark: 5 },
  colors: { petrol, amber },
  fontFamily,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  // `md` is docs/product.md §10's mobile threshold, so `hiddenFrom="md"` means "on phones and small tablets".
  breakpoints: { xs: '36em', sm: '48em', md: `${MOBILE_BREAKPOINT_PX / 16}em`, lg: '75em', xl: '88em' },
  headings: {
    fontFamily,
    fontWeight: '750',
    sizes: {
      h1: { fontSize: '2.5rem', lineHeight: '1.15' },
      h2: { fontSize: '1.75rem', lineHeight: '1.25' },
      h3: { fontSize: '1.25rem', lineHeight: '1.35' },
    },
  },
  cursorType: 'pointer',
  focusRing: 'auto',
  defaultGradient: { from: 'petrol.9', to: 'petrol.6', deg: 135 },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Container: { defaultProps: { size: 'lg' } },
  },
})

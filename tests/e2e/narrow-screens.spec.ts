// Narrow phones: no screen is wider than the phone, as a visitor or signed in, at 320 px (the narrowest
// phones in use) and 375 px (the phone project's width). A screen wider than the phone scrolls sideways and
// pushes the menu drawer partly off-screen: the drawer is checked on every screen too. No style rule of the
// app changes between 320 and 375 px (its narrowest breakpoint is 36em), so each screen is loaded and scrolled
// through once, at 320 px (the width most likely to overflow as it is drawn), then measured again widened to
// 375 px, as a phone turned or a window resized: every width-dependent part follows a resize.
// The same walk checks that every route of docs/product.md §4 shows its own screen under the layout (the
// router's doing, alike at any width): a visitor is sent to sign in from a signed-in user's screen, and a
// signed-in user home from sign-in and sign-up.
import { expect, type Page, test } from './fixtures.ts'
import { ROUTES, SCREEN_HEADINGS, SIGNED_IN_ROUTES, signInAsDemo, VISITOR_ROUTES } from './support.ts'

const WIDTHS = [320, 375]

/** Elements that reach past the right edge of the screen, outside any box that clips or scrolls them. */
function sticking(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false
        if (getComputedStyle(parent).overflowX !== 'visible') return true
      }
      return false
    }
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && box.right > width + 0.5 && !clipped(element)
      })
      .slice(0, 5)
      .map(name)
  })
}

/** The screen `route` shows under the layout, or the one it sends this user to. */
async function expectOwnScreen(page: Page, route: (typeof ROUTES)[number], signedIn: boolean) {
  await expect(page.getByRole('banner'), route).toBeVisible()
  const heading = page.getByRole('heading', { level: 1 })
  if (!signedIn && SIGNED_IN_ROUTES.includes(route)) {
    // Sign-in first, then back to the screen asked for.
    await expect(page, route).toHaveURL(new RegExp(`/sign-in\\?redirect=${encodeURIComponent(route)}`))
    await expect(heading, route).toHaveText(SCREEN_HEADINGS['/sign-in'])
  } else {
    const shown = signedIn && VISITOR_ROUTES.includes(route) ? '/' : route
    if (signedIn) await expect(page, route).toHaveURL(new RegExp(`${shown.replace(/\//g, '\\/')}$`))
    await expect(heading, route).toHaveText(SCREEN_HEADINGS[shown])
  }
}

/** The whole screen as a user would scroll it: sections that load as they come near are loaded too. */
async function scrollThrough(page: Page, route: string) {
  await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible()
  const loading = page.locator('.mantine-Skeleton-root')
  // Each placeholder brought near the screen loads its section; a screen has a handful of them.
  for (let section = 0; section < 10; section += 1) {
    const left = await loading.count()
    if (left === 0) break
    // In the page itself: the placeholder may be replaced between a look-up and a scroll from here.
    await page.evaluate(() => document.querySelector('.mantine-Skeleton-root')?.scrollIntoView())
    await expect.poll(() => loading.count(), { message: route, timeout: 30_000 }).toBeLessThan(left)
  }
  await expect(loading, route).toHaveCount(0)
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await expect(page.locator('[role="progressbar"][aria-busy="true"]'), route).toHaveCount(0)
}

async function expectNoSidewaysScroll(page: Page, width: number, route: string) {
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(
    pageWidth,
    `${route} at ${width} px is ${pageWidth} px wide: ${(await sticking(page)).join(', ')}`,
  ).toBe(width)
}

async function expectDrawerOnScreen(page: Page, width: number, route: string) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  // The drawer slides in: its place is measured once it has arrived.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox()
      return box ? Math.round(box.x + box.width) : null
    }, `${route}: the menu drawer's right edge at ${width} px`)
    .toBe(width)
  const box = (await drawer.boundingBox())!
  expect(box.x, `${route}: the menu drawer's left edge at ${width} px`).toBeGreaterThanOrEqual(0)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
}

for (const signedIn of [false, true]) {
  // A phone layout, @phone: the phone project emulates a phone (touch, the page's viewport meta tag).
  test(`no screen scrolls sideways at ${WIDTHS.join(' or ')} px, and the menu drawer opens on screen (${signedIn ? 'signed in' : 'visitor'}) @phone`, async ({
    page,
  }) => {
    // Every screen loaded once, measured at two widths: each walk at one width took 42 to 48 s in the last
    // clean-clone run (docs/performance.md).
    test.setTimeout(240_000)
    if (signedIn) await signInAsDemo(page)
    for (const route of ROUTES) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 740 })
      await page.goto(route)
      await expectOwnScreen(page, route, signedIn)
      await scrollThrough(page, route)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 740 })
        await expectNoSidewaysScroll(page, width, route)
        await expectDrawerOnScreen(page, width, route)
      }
    }
  })
}

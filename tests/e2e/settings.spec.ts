// The settings' preferences as a renter sees them: Mantine's switches and language choice, drawn as such
// (a track and a thumb, a segmented choice), never the browser's bare checkboxes and radio buttons.
import { expect, test } from './fixtures.ts'
import { restoreEnglish, signInAsDemo } from './support.ts'

test('the preferences are drawn switches and a segmented choice, in English and French', async ({ page }) => {
  await signInAsDemo(page)
  for (const [language, notifications, name] of [
    ['en', 'E-mail notifications', 'English'],
    ['fr', 'Notifications par e-mail', 'Français'],
  ] as const) {
    await page.goto(`/settings?l=${language}`)
    const preferences = page.locator('section[aria-labelledby="preferences-title"]')
    const toggle = preferences.getByRole('switch', { name: notifications })
    await expect(toggle).toBeAttached()
    // The native box is there for assistive technologies only; the track is what shows.
    const drawn = async (selector: string) =>
      preferences
        .locator(selector)
        .first()
        .evaluate((element) => {
          const box = element.getBoundingClientRect()
          return { opacity: getComputedStyle(element).opacity, width: Math.round(box.width) }
        })
    expect(await toggle.evaluate((element) => getComputedStyle(element).opacity)).toBe('0')
    expect((await drawn('.mantine-Switch-track')).width).toBeGreaterThanOrEqual(30)
    const choice = preferences.getByRole('radio', { name })
    await expect(choice).toBeChecked()
    expect(await choice.evaluate((element) => getComputedStyle(element).opacity)).toBe('0')
    expect((await drawn('.mantine-SegmentedControl-indicator')).width).toBeGreaterThan(20)
  }
  await restoreEnglish(page)
})

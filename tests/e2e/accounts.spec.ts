// Accounts end to end: the built app and the real server, e-mails read from the server's mail folder
// ($DATA_DIR/mail of playwright.config.ts's web server). The journeys run on the desktop; signing in and out
// from the header, which a phone folds into its menu, on both projects (@layout).
import { expect, type Page, test } from './fixtures.ts'
import { chooseSignOut, expectSignedOut, isPhone, linkFromMail } from './support.ts'

const DEMO = { email: 'renter@haven.test', password: 'haven-demo' }

async function signOut(page: Page, label: RegExp) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /Open menu|Ouvrir le menu/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: label }).click()
  } else {
    await page.getByRole('button', { name: /Account menu of|Menu du compte de/ }).click()
    await page.getByRole('menuitem', { name: label }).click()
  }
  await expect(page).toHaveURL(/\/$/)
}

/** What the device still holds: localStorage keys and the persisted query caches in IndexedDB. */
async function deviceState(page: Page) {
  return page.evaluate(async () => {
    const keys = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open('keyval-store')
      open.onerror = () => resolve([])
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('keyval')) return resolve([])
        const request = db.transaction('keyval').objectStore('keyval').getAllKeys()
        request.onsuccess = () => resolve(request.result.map(String))
        request.onerror = () => resolve([])
      }
    })
    return { localStorage: Object.keys(localStorage).sort(), indexedDb: keys.sort() }
  })
}

test('sign up, activate by e-mail, sign in, go French, change password, sign out, sign in again', async ({
  page,
  context,
  browser,
}, testInfo) => {
  // A whole account's life: about a dozen page loads, each a cold start of the built app.
  test.setTimeout(120_000)
  const email = `e2e-${testInfo.project.name}-${Date.now()}@haven.test`
  const password = 'first-secret'
  const newPassword = 'second-secret'

  // Sign up: a rule broken first, then fixed without retyping anything else.
  await page.goto('/sign-up')
  const main = page.getByRole('main')
  await main.getByLabel('Full name').fill('Ada Lovelace')
  await main.getByLabel('E-mail').fill(email)
  await main.getByLabel('Birth date').fill('1990-05-01')
  await main.getByLabel(/^Password/).fill(password)
  await main.getByLabel('Confirm password').fill('not-the-same')
  await main.getByRole('button', { name: 'Sign up' }).click()
  await expect(main.getByText('Please fix errors.')).toBeVisible()
  await expect(main.getByText("Passwords don't match.")).toBeVisible()
  await expect(main.getByText('Please accept the Terms of Use.')).toBeVisible()
  await expect(main.getByLabel('Full name')).toHaveValue('Ada Lovelace')
  await main.getByLabel('Confirm password').fill(password)
  await main.getByRole('checkbox').check()
  await main.getByRole('button', { name: 'Sign up' }).click()
  await expect(main.getByText('Check your e-mail')).toBeVisible()

  // The activation e-mail's link, opened in another browser first: the password typed at sign-up may be a
  // stranger's, so there it is asked for again, with the reason, and another one is refused. Nothing is spent.
  const activation = await linkFromMail(email, '/activate')
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await other.goto(activation)
  const otherMain = other.getByRole('main')
  await expect(
    otherMain.getByText(
      'To protect your account, enter the password you chose when you signed up: this link was opened on another device or browser.',
    ),
  ).toBeVisible()
  await expect(otherMain.getByLabel('Confirm password')).toHaveCount(0)
  await otherMain.getByLabel(/^Password/).fill('not-my-password')
  await otherMain.getByRole('button', { name: 'Activate' }).click()
  await expect(otherMain.getByText('Wrong password')).toBeVisible()
  await elsewhere.close()

  // In the browser that signed up, the link activates the account and signs the user in at once.
  await page.goto(activation)
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible()
  await expect(page.getByText('Your account is activated. You are signed in.')).toBeVisible()
  // Opened again while signed in, the used link says the account is active already, not that it expired.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is already active' })).toBeVisible()
  await expect(page.getByText('Your account activation link expired.')).toHaveCount(0)

  // Sign out: the link is single use.
  await page.goto('/')
  await signOut(page, /^Sign out$/)
  await page.goto(activation)
  await expect(page.getByText('Your account activation link expired.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend activation link' })).toBeVisible()

  // Sign in with "Stay connected".
  await page.goto('/sign-in')
  await main.getByLabel('E-mail').fill(email)
  await main.getByLabel(/^Password/).fill('wrong-password')
  await main.getByRole('button', { name: 'Sign in' }).click()
  await expect(main.getByText('Incorrect email or password.')).toBeVisible()
  await main.getByLabel(/^Password/).fill(password)
  await main.getByLabel('Stay connected').check()
  await main.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/$/)
  const session = (await context.cookies()).find((cookie) => cookie.httpOnly)
  expect(session, 'an httpOnly session cookie').toBeDefined()
  expect(session!.expires, 'stay connected: a cookie that outlives the browser').toBeGreaterThan(0)
  expect(await page.evaluate(() => localStorage.getItem('stay-connected'))).toBe('true')

  // A reload keeps the user (validated with the server on load).
  await page.reload()
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(main.getByLabel('Full name')).toHaveValue('Ada Lovelace')

  // Language in settings: saved on the server, the interface switches at once and stays French.
  await main.getByText('Français', { exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible()
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string })
  const fromServer = await page.request.get(`/api/user/${user._id}`)
  expect(((await fromServer.json()) as { language: string }).language).toBe('fr')

  // Change password (the settings' own section), with the current one checked by the server.
  await main.getByLabel('Mot de passe actuel').fill('not-my-password')
  await main.getByLabel('Nouveau mot de passe').fill(newPassword)
  await main.getByLabel('Confirmer le mot de passe').fill(newPassword)
  await main.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(main.getByText('Mot de passe incorrect')).toBeVisible()
  await main.getByLabel('Mot de passe actuel').fill(password)
  await main.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(main.getByText('Mot de passe modifié avec succès.')).toBeVisible()

  // Sign out: home, and nothing of the user's left on the device.
  await signOut(page, /^Se déconnecter$/)
  const personal = ['user', 'stay-connected', `haven-query-cache:${user._id}`]
  await expect
    .poll(async () => {
      const { localStorage, indexedDb } = await deviceState(page)
      return [...localStorage, ...indexedDb].filter((key) => personal.includes(key))
    })
    .toEqual([])
  // No cookie of the server's stays (each is tied to the account), not even the known device: a shared
  // computer's next user must not inherit it.
  expect((await context.cookies()).filter((cookie) => cookie.httpOnly).map(({ name }) => name)).toEqual([])

  // Settings now need a sign-in, which returns there; the new password works.
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings$/)
  await main.getByLabel('E-mail').fill(email)
  await main.getByLabel(/^Mot de passe/).fill(newPassword)
  await main.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible()
})

test("the demo renter signs in, sees their account, and signs out from the header's menu @layout", async ({
  page,
}) => {
  await page.goto('/bookings')
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fbookings$/)
  const main = page.getByRole('main')
  await main.getByLabel('E-mail').fill(DEMO.email)
  await main.getByLabel(/^Password/).fill(DEMO.password)
  await main.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/bookings$/)
  // Signed in, /sign-in has nothing to offer: home.
  await page.goto('/sign-in')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/settings')
  await expect(main.getByRole('textbox', { name: 'E-mail' })).toHaveValue(DEMO.email)
  // The account menu on a wide screen, the menu drawer on a phone; Sign in is offered there again.
  await chooseSignOut(page)
  await expectSignedOut(page)
})

test('a visitor who books chooses to sign in, signs up, and comes back to the checkout once activated', async ({
  page,
}, testInfo) => {
  const email = `e2e-book-${testInfo.project.name}-${Date.now()}@haven.test`
  const checkout = '/checkout?property=1&from=2027-03-01&to=2027-03-05'
  await page.goto(checkout)
  const main = page.getByRole('main')
  // A visitor may book as a guest; signing in instead keeps the way back.
  await expect(main.getByRole('heading', { name: 'Your details' })).toBeVisible()
  await main.getByRole('link', { name: 'Sign in' }).first().click()
  await expect(page).toHaveURL(/\/sign-in\?redirect=/)
  await expect(main.getByText(/Sign in to book this stay/)).toBeVisible()

  // "Sign up" keeps the way back.
  await main.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/sign-up\?redirect=%2Fcheckout/)
  await main.getByLabel('Full name').fill('Grace Hopper')
  await main.getByLabel('E-mail').fill(email)
  await main.getByLabel('Birth date').fill('1990-05-01')
  await main.getByLabel(/^Password/).fill('first-secret')
  await main.getByLabel('Confirm password').fill('first-secret')
  await main.getByRole('checkbox').check()
  await main.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible()

  // The e-mailed link, in the browser that signed up, activates the account at once and offers the way back
  // to the stay that was being booked.
  await page.goto(await linkFromMail(email, '/activate'))
  await main.getByRole('link', { name: 'Continue to your booking' }).click()
  await expect(page).toHaveURL(/\/checkout\?property=1&from=2027-03-01&to=2027-03-05$/)
})

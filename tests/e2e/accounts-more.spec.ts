// More account journeys end to end: forgot and reset password from the e-mailed link, the contact form
// reaching the support mailbox, the activation banner's resend, and an avatar upload shown in the header. The
// built app and the real server; e-mails read from the server's mail folder ($DATA_DIR/mail of
// playwright.config.ts's web server). On the desktop: the picture in a phone's menu is src/app/accounts.test.tsx's.
import sharp from 'sharp'

import { expect, type Locator, type Page, test } from './fixtures.ts'
import { isPhone, linkFromMail, mailsTo } from './support.ts'

const SUPPORT = 'support@haven.test'

/** A new account through the API (not activated yet), its id: the sign-up screen has its own spec. */
async function signUpByApi(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/api/sign-up', {
    data: {
      email,
      password,
      fullName: 'Grace Hopper',
      birthDate: '1990-05-01',
      language: 'en',
      acceptTerms: true,
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { _id: string })._id
}

/** The avatar images the header shows (on a phone: in the menu drawer). */
async function headerAvatars(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /Open menu/ }).click()
    return page.getByRole('dialog').locator('img[src^="/images/avatars/"]')
  }
  return page.getByRole('banner').locator('img[src^="/images/avatars/"]')
}

/** Picks a file as a user does: the section's "Choose an image" button opens the browser's file chooser. */
async function chooseFile(
  page: Page,
  section: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await section.getByRole('button', { name: 'Choose an image' }).click()
  await (await chooser).setFiles(file)
}

const storedUser = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string; activated?: boolean } | null,
  )

test('forgot password: unknown address, the e-mailed link, a new password, signed in', async ({
  page,
}, testInfo) => {
  const email = `reset-${testInfo.project.name}-${Date.now()}@haven.test`
  await signUpByApi(page, email, 'first-secret')

  await page.goto('/forgot-password')
  const main = page.getByRole('main')
  await main.getByLabel('E-mail').fill(`nobody-${Date.now()}@haven.test`)
  await main.getByRole('button', { name: 'Reset password' }).click()
  await expect(main.getByText('Email address not registered')).toBeVisible()

  await main.getByLabel('E-mail').fill(email)
  await main.getByRole('button', { name: 'Reset password' }).click()
  await expect(main.getByText('Password reset email sent.')).toBeVisible()

  await page.goto(await linkFromMail(email, '/reset-password'))
  await main.getByLabel('New password').fill('second-secret')
  await main.getByLabel('Confirm password').fill('second-secret')
  await main.getByRole('button', { name: 'Change password' }).click()
  await expect(main.getByText('Password changed successfully.')).toBeVisible()

  // Signed in by the link, and activated by it: no activation strip.
  expect((await storedUser(page))?.email).toBe(email)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByTestId('activation-banner')).toHaveCount(0)

  // The new password is the one the server knows.
  const signedIn = await page.request.post('/api/sign-in/frontend', {
    data: { email, password: 'second-secret' },
  })
  expect(signedIn.status()).toBe(200)
})

test("contact form: 'Message sent', and the message reaches the support mailbox", async ({
  page,
}, testInfo) => {
  const subject = `Question ${testInfo.project.name} ${Date.now()}`
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Contact form' })
  await form.getByLabel('Name').fill('Ada Lovelace')
  await form.getByLabel('E-mail').fill('not-an-address')
  await form.getByLabel('Subject').fill(subject)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByText('Please enter a valid e-mail address.')).toBeVisible()
  await expect(form.getByText('Please fix errors.')).toBeVisible()
  // Nothing typed is lost.
  await expect(form.getByLabel('Subject')).toHaveValue(subject)

  await form.getByLabel('E-mail').fill('ada@example.com')
  await form.getByLabel('Message').fill('Is the flat near the station?')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByText('Message sent', { exact: true })).toBeVisible()

  await expect.poll(() => mailsTo(SUPPORT).some((mail) => mail.subject.includes(subject))).toBe(true)
  const mail = mailsTo(SUPPORT).find((message) => message.subject.includes(subject))!
  expect(mail.text).toContain('Is the flat near the station?')
  expect(mail.text).toContain('ada@example.com')
})

test('not activated: sign-in says so, the strip resends the link; an avatar upload shows in the header', async ({
  page,
}, testInfo) => {
  const email = `avatar-${testInfo.project.name}-${Date.now()}@haven.test`
  const password = 'first-secret'
  const userId = await signUpByApi(page, email, password)
  await expect.poll(() => mailsTo(email).length).toBe(1)

  // The right password does not open an account whose e-mailed link was not followed: the screen says why.
  await page.goto('/sign-in')
  const main = page.getByRole('main')
  await main.getByLabel('E-mail').fill(email)
  await main.getByLabel(/^Password/).fill(password)
  await main.getByRole('button', { name: 'Sign in' }).click()
  await expect(main.getByText('Activate your account from the e-mail we sent you.')).toBeVisible()
  await expect(main.getByText('Incorrect email or password.')).toHaveCount(0)
  await expect(page).toHaveURL(/\/sign-in/)
  expect(await storedUser(page)).toBeNull()

  // Signed in yet not activated happens only after a social sign-in on a typed address, and this server has
  // no social provider. So the session is stood in: the stored user, the session check on load and the
  // strip's signed-in resend, routed by the browser context (which sees the service worker's requests too).
  // The stand-in resend asks the real server for the same e-mail through the public resend call, so the link
  // that follows is the server's own.
  const pending = {
    _id: userId,
    email,
    fullName: 'Grace Hopper',
    phone: null,
    birthDate: '1990-05-01',
    bio: null,
    language: 'en',
    enableEmailNotifications: true,
    blacklisted: false,
    avatar: null,
    type: 'USER',
    hasPassword: true,
    activated: false,
  }
  const context = page.context()
  await context.route('**/api/validate-access-token', (route) => route.fulfill({ json: pending }))
  const resendCalls: string[] = []
  await context.route('**/api/resend-link', async (route) => {
    resendCalls.push(route.request().method())
    const resent = await page.request.post(`/api/resend/frontend/${encodeURIComponent(email)}/false`)
    await route.fulfill({ response: resent })
  })
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), pending)
  await page.goto('/')

  const banner = page.getByTestId('activation-banner')
  await expect(banner.getByText('Activate your account from the e-mail we sent you.')).toBeVisible()
  const firstLink = await linkFromMail(email, '/activate')
  await banner.getByRole('button', { name: 'Resend' }).click()
  await expect(banner.getByText('Validation email sent.')).toBeVisible()
  expect(resendCalls).toEqual(['POST'])
  await expect.poll(() => mailsTo(email).length).toBe(2)
  // The resent e-mail carries a new link, and it activates the account and signs in for real.
  const resentLink = await linkFromMail(email, '/activate')
  expect(resentLink).not.toBe(firstLink)
  await context.unrouteAll({ behavior: 'wait' })
  await page.evaluate(() => localStorage.removeItem('user'))
  // This browser signed up (through its API context, which shares its cookies): the link needs no password.
  await page.goto(resentLink)
  await expect(page.getByText(/Your account is activated/)).toBeVisible()
  await expect(page.getByTestId('activation-banner')).toHaveCount(0)
  expect(await storedUser(page)).toMatchObject({ email, activated: true })

  // The contact form knows who writes.
  await page.goto('/contact')
  await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('E-mail')).toHaveValue(email)

  // Avatar: nothing chosen, then a PNG drawn here.
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Picture' })
  await section.getByRole('button', { name: 'Save picture' }).click()
  await expect(section.getByText('Please add an image.')).toBeVisible()
  await chooseFile(page, section, {
    name: 'text.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  })
  await expect(section.getByText('The file is not an image.')).toBeVisible()
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .png()
    .toBuffer()
  await chooseFile(page, section, { name: 'me.png', mimeType: 'image/png', buffer: png })
  await expect(section.getByText('me.png')).toBeVisible()
  await expect(section.getByRole('img', { name: 'Preview of your new picture' })).toHaveAttribute(
    'src',
    /^blob:/,
  )
  await section.getByRole('button', { name: 'Save picture' }).click()
  await expect(section.locator('img[src^="/images/avatars/"]')).toBeVisible()

  const stored = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { avatar?: string }).avatar,
  )
  expect(stored).toMatch(/\.webp$/)
  const avatars = await headerAvatars(page)
  await expect(avatars.first()).toBeVisible()
  await expect(avatars.first()).toHaveAttribute('src', `/images/avatars/${stored}`)
  const image = await page.request.get(`/images/avatars/${stored}`)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toContain('image/webp')
  if (isPhone(page)) await page.keyboard.press('Escape')

  // Removed: the header falls back to the initial.
  await section.getByRole('button', { name: 'Remove picture' }).click()
  await expect(section.locator('img[src^="/images/avatars/"]')).toHaveCount(0)
  await expect
    .poll(() =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { avatar?: unknown }).avatar),
    )
    .toBeNull()
})

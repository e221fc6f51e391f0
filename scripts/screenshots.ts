// Takes the web app manifest's screenshots (the richer install dialog shows them) from a running app:
//   node scripts/screenshots.ts            BASE_URL (default http://127.0.0.1:8080) must serve the app
//   node scripts/screenshots.ts --mock     draws stand-ins at the same sizes, for a build before the app exists
//   node scripts/screenshots.ts --docs     the pictures of docs/images (README, docs): the home page, a booking
//                                          on a phone in French (signed in as the demo renter), a search with
//                                          its filters on a desktop in English
// Sizes must match src/app/manifest.ts: phone 390x844 CSS px at 2x (780x1688), desktop 1280x800.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import { chromium } from '@playwright/test'
import sharp from 'sharp'

import { BRAND_COLOR } from '../src/domain/brand.ts'
import { chromiumLaunchOptions } from '../tests/chromium.ts'

const root = new URL('..', import.meta.url).pathname
const outDir = join(root, 'public', 'screenshots')
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8080'

interface Shot {
  file: string
  path: string
  width: number
  height: number
  scale: number
  mobile: boolean
  /** Signed in as the demo renter first (README, "Try it"). */
  signedIn?: boolean
  /** A path made from the demo renter's data (their newest booking). */
  pathFor?: (base: string, cookie: string) => Promise<string>
}

const PHONE = { width: 390, height: 844, scale: 2, mobile: true }
const DESKTOP = { width: 1280, height: 800, scale: 1, mobile: false }

const manifestShots: Shot[] = [
  { file: 'phone.png', path: '/?l=en', ...PHONE },
  { file: 'desktop.png', path: '/?l=en', ...DESKTOP },
]

/** A day `days` from today, YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The demo renter's newest booking that has not started: the page shows its actions. */
async function demoBookingPath(base: string, cookie: string): Promise<string> {
  const response = await fetch(new URL('/api/bookings', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: new URL(base).origin },
    body: JSON.stringify({ size: 20, language: 'fr' }),
  })
  const { items } = (await response.json()) as { items: Array<{ _id: string; from: string }> }
  const today = dayFromNow(0)
  const booking = items.find((item) => item.from.slice(0, 10) > today) ?? items[0]
  if (!booking) throw new Error('The demo renter has no booking: start the app with its demo data.')
  return `/booking?id=${booking._id}&l=fr`
}

const docsShots: Shot[] = [
  { file: 'home-phone.png', path: '/?l=en', ...PHONE },
  { file: 'home-desktop.png', path: '/?l=en', ...DESKTOP },
  { file: 'booking-phone-fr.png', path: '', pathFor: demoBookingPath, signedIn: true, ...PHONE },
  {
    file: 'search-filters-desktop-en.png',
    path: `/search?l=en&from=${dayFromNow(30)}&to=${dayFromNow(37)}&bedrooms=2&furnished=true&sort=totalAsc`,
    ...DESKTOP,
  },
]

const docs = process.argv.includes('--docs')
const shots = docs ? docsShots : manifestShots
const shotsDir = docs ? join(root, 'docs', 'images') : outDir

/** Signs the demo renter in: the session cookie for the context, the user for the app's storage. */
async function signInAsDemo(): Promise<{ cookie: string; user: unknown }> {
  const response = await fetch(new URL('/api/sign-in/frontend', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email: 'renter@haven.test', password: 'haven-demo', stayConnected: true }),
  })
  if (!response.ok) throw new Error(`Demo sign-in refused (${response.status}): is the demo data there?`)
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  return { cookie, user: await response.json() }
}

async function capture(): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.scale,
        isMobile: shot.mobile,
        hasTouch: shot.mobile,
        locale: shot.file.includes('-fr') ? 'fr-FR' : 'en-US',
        colorScheme: 'light',
        reducedMotion: 'reduce',
        // No service worker: an update or "ready offline" prompt must not appear in the picture.
        serviceWorkers: 'block',
      })
      let path = shot.path
      if (shot.signedIn) {
        const { cookie, user } = await signInAsDemo()
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const [name = '', ...value] = pair.split('=')
            return { name, value: value.join('='), url: baseUrl }
          }),
        )
        await context.addInitScript((stored) => {
          if (!localStorage.getItem('user')) localStorage.setItem('user', JSON.stringify(stored))
        }, user)
        if (shot.pathFor) path = await shot.pathFor(baseUrl, cookie)
      }
      const page = await context.newPage()
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' })
      await page.evaluate(async () => {
        await document.fonts.ready
        const pending = [...document.images].filter((img) => !img.complete)
        const settled = (img: HTMLImageElement) =>
          new Promise((done) => {
            img.addEventListener('load', done, { once: true })
            img.addEventListener('error', done, { once: true })
          })
        // Lazy images below the fold never load: wait for the others, at most a few seconds.
        await Promise.race([Promise.all(pending.map(settled)), new Promise((done) => setTimeout(done, 4000))])
      })
      const file = join(shotsDir, shot.file)
      await page.screenshot({ path: file, fullPage: false, animations: 'disabled', caret: 'hide' })
      console.log(`wrote ${file.slice(root.length)} (${shot.width * shot.scale}x${shot.height * shot.scale})`)
      await context.close()
    }
  } finally {
    await browser.close()
  }
}

/** A sketch of the home screen in CSS px: header, hero, search card and a few property cards. */
function mockSvg(width: number, height: number): string {
  const narrow = width < 600
  const pad = narrow ? 16 : 48
  const font = `font-family="DejaVu Sans, Liberation Sans, sans-serif"`
  const parts: string[] = []
  parts.push(`<rect width="${width}" height="${height}" fill="#f3f6f6"/>`)
  // Header
  parts.push(`<rect width="${width}" height="60" fill="${BRAND_COLOR}"/>`)
  parts.push(
    `<g transform="translate(${pad} 14) scale(0.0625)"><path d="M140 404V212L256 115L372 212V404Z" fill="#f4b860"/><path d="M84 250L256 106L428 250" fill="none" stroke="#f4b860" stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/></g>`,
  )
  parts.push(
    `<text x="${pad + 38}" y="38" ${font} font-size="20" font-weight="bold" fill="#fff">Haven</text>`,
  )
  const nav = narrow ? ['EN'] : ['Search', 'Agencies', 'Destinations', 'Sign in']
  nav
    .reverse()
    .forEach((item, i) =>
      parts.push(
        `<text x="${width - pad - i * 120}" y="36" ${font} font-size="14" fill="#fff" text-anchor="end">${item}</text>`,
      ),
    )
  // Hero
  const heroH = narrow ? 365 : 270
  parts.push(`<rect y="60" width="${width}" height="${heroH}" fill="#16707f"/>`)
  const titleSize = narrow ? 26 : 40
  const title = narrow ? ['Rentals you can keep', 'in your pocket'] : ['Rentals you can keep in your pocket']
  title.forEach((line, i) =>
    parts.push(
      `<text x="${pad}" y="${60 + (narrow ? 56 : 76) + i * (titleSize + 8)}" ${font} font-size="${titleSize}" font-weight="bold" fill="#fff">${line}</text>`,
    ),
  )
  const subtitle = narrow
    ? ['Book from trusted agencies.', 'Your bookings stay with you offline.']
    : ['Book from trusted agencies. Your bookings stay with you offline.']
  const subTop = 60 + (narrow ? 56 : 76) + title.length * (titleSize + 8) + 6
  subtitle.forEach((line, i) =>
    parts.push(
      `<text x="${pad}" y="${subTop + i * 20}" ${font} font-size="${narrow ? 14 : 17}" fill="#d6ecee">${line}</text>`,
    ),
  )
  const subY = subTop + (subtitle.length - 1) * 20
  // Search card
  const cardY = subY + 24
  const cardW = width - pad * 2
  const cardH = narrow ? 176 : 88
  parts.push(`<rect x="${pad}" y="${cardY}" width="${cardW}" height="${cardH}" rx="14" fill="#fff"/>`)
  const fields = ['Destination', 'From', 'To']
  if (narrow) {
    fields.forEach((label, i) => {
      const y = cardY + 14 + i * 42
      const w = i === 0 ? cardW - 28 : (cardW - 38) / 2
      const x = i === 2 ? pad + 14 + w + 10 : pad + 14
      const yy = i === 2 ? cardY + 14 + 42 : y
      parts.push(`<rect x="${x}" y="${yy}" width="${w}" height="34" rx="8" fill="#eef3f3"/>`)
      parts.push(`<text x="${x + 12}" y="${yy + 22}" ${font} font-size="13" fill="#5b6f73">${label}</text>`)
    })
    parts.push(
      `<rect x="${pad + 14}" y="${cardY + 112}" width="${cardW - 28}" height="44" rx="10" fill="${BRAND_COLOR}"/>`,
    )
    parts.push(
      `<text x="${width / 2}" y="${cardY + 140}" ${font} font-size="15" font-weight="bold" fill="#fff" text-anchor="middle">Search</text>`,
    )
  } else {
    const fieldW = (cardW - 28 - 160 - 30) / 3
    fields.forEach((label, i) => {
      const x = pad + 14 + i * (fieldW + 10)
      parts.push(`<rect x="${x}" y="${cardY + 20}" width="${fieldW}" height="48" rx="8" fill="#eef3f3"/>`)
      parts.push(
        `<text x="${x + 14}" y="${cardY + 49}" ${font} font-size="15" fill="#5b6f73">${label}</text>`,
      )
    })
    const bx = pad + cardW - 14 - 160
    parts.push(`<rect x="${bx}" y="${cardY + 20}" width="160" height="48" rx="10" fill="${BRAND_COLOR}"/>`)
    parts.push(
      `<text x="${bx + 80}" y="${cardY + 50}" ${font} font-size="16" font-weight="bold" fill="#fff" text-anchor="middle">Search</text>`,
    )
  }
  // Property cards
  const listY = Math.max(60 + heroH, cardY + cardH) + 28
  parts.push(
    `<text x="${pad}" y="${listY + 8}" ${font} font-size="${narrow ? 18 : 22}" font-weight="bold" fill="#17292d">Featured rentals</text>`,
  )
  const cols = narrow ? 1 : 3
  const gap = 20
  const cw = (width - pad * 2 - gap * (cols - 1)) / cols
  const imgH = narrow ? 150 : 170
  const homes = [
    { name: 'Harbour-view apartment', price: '€1,450 / month', sky: '#bfe3ea', wall: '#f0d9b5' },
    { name: 'Stone farmhouse', price: '€95 / day', sky: '#d7ecd9', wall: '#e9c9a3' },
    { name: 'Garden townhouse', price: '€620 / week', sky: '#f6dcc4', wall: '#d9e4ea' },
  ]
  homes.forEach((home, i) => {
    const col = i % cols
    const row = Math.floor(i / cols)
    const x = pad + col * (cw + gap)
    const y = listY + 24 + row * (imgH + 86)
    if (y > height) return
    parts.push(`<g><rect x="${x}" y="${y}" width="${cw}" height="${imgH + 70}" rx="14" fill="#fff"/>`)
    parts.push(
      `<clipPath id="c${i}"><rect x="${x}" y="${y}" width="${cw}" height="${imgH}" rx="14"/></clipPath>`,
    )
    parts.push(
      `<g clip-path="url(#c${i})"><rect x="${x}" y="${y}" width="${cw}" height="${imgH}" fill="${home.sky}"/><rect x="${x}" y="${y + imgH * 0.72}" width="${cw}" height="${imgH * 0.28}" fill="#9cc59a"/><rect x="${x + cw * 0.3}" y="${y + imgH * 0.38}" width="${cw * 0.4}" height="${imgH * 0.42}" fill="${home.wall}"/><path d="M${x + cw * 0.26} ${y + imgH * 0.4}L${x + cw * 0.5} ${y + imgH * 0.14}L${x + cw * 0.74} ${y + imgH * 0.4}Z" fill="#b8574a"/><rect x="${x + cw * 0.46}" y="${y + imgH * 0.6}" width="${cw * 0.08}" height="${imgH * 0.2}" fill="${BRAND_COLOR}"/></g>`,
    )
    parts.push(
      `<text x="${x + 14}" y="${y + imgH + 28}" ${font} font-size="16" font-weight="bold" fill="#17292d">${home.name}</text>`,
    )
    parts.push(
      `<text x="${x + 14}" y="${y + imgH + 52}" ${font} font-size="14" fill="${BRAND_COLOR}">${home.price}</text></g>`,
    )
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`
}

async function mock(): Promise<void> {
  for (const shot of manifestShots) {
    const file = join(outDir, shot.file)
    const [w, h] = [shot.width * shot.scale, shot.height * shot.scale]
    await sharp(Buffer.from(mockSvg(shot.width, shot.height)), { density: 72 * shot.scale })
      .resize(w, h)
      .png({ compressionLevel: 9, palette: true })
      .toFile(file)
    console.log(`wrote ${file.slice(root.length)} (${w}x${h}, mock)`)
  }
}

await mkdir(shotsDir, { recursive: true })
await mkdir(outDir, { recursive: true })
await (process.argv.includes('--mock') ? mock() : capture())

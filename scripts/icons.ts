// Draws Haven's mark (a house with a keyhole, under overhanging eaves) and renders every icon the PWA
// needs into public/. Run after changing the mark or the brand colour: `node scripts/icons.ts`.
// The outputs are committed, so a build never depends on this script.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import sharp from 'sharp'

import { BRAND_COLOR } from '../src/domain/brand.ts'

const root = new URL('..', import.meta.url).pathname
const publicDir = join(root, 'public')
const iconsDir = join(publicDir, 'icons')

const SAND = '#f4b860'
const TEAL_LIGHT = '#16707f'

/** The mark on a 512 grid, centred near (256, 250); `scale` shrinks it towards the centre of the plate. */
function mark(scale: number): string {
  const transform = `translate(256 256) scale(${scale}) translate(-256 -250)`
  return `
  <g transform="${transform}">
    <path d="M140 404V212L256 115L372 212V404Z" fill="${SAND}" stroke="${SAND}" stroke-width="20" stroke-linejoin="round"/>
    <path d="M84 250L256 106L428 250" fill="none" stroke="${SAND}" stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M256 252a34 34 0 0 1 17 63.4L282 366h-52l9-50.6A34 34 0 0 1 256 252Z" fill="${BRAND_COLOR}"/>
  </g>`
}

const gradient = `
  <defs>
    <linearGradient id="plate" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${TEAL_LIGHT}"/>
      <stop offset="1" stop-color="${BRAND_COLOR}"/>
    </linearGradient>
  </defs>`

/** A rounded plate with transparent corners: for browsers and launchers that show the icon as is. */
function roundedIcon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
  <rect width="512" height="512" rx="112" fill="url(#plate)"/>${mark(0.92)}
</svg>`
}

/**
 * A full-bleed plate for launchers that crop it (maskable, iOS): the mark stays inside the central circle of
 * radius 0.4 × size that every mask keeps, at `scale` 0.8 its farthest point is 0.31 × size from the centre.
 */
function fullBleedIcon(scale: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}
  <rect width="512" height="512" fill="url(#plate)"/>${mark(scale)}
</svg>`
}

/**
 * The notification badge (Android status bar): only its alpha channel is shown, so a white silhouette with
 * the keyhole cut out, filling most of the square.
 */
function badgeIcon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs><mask id="cut"><rect width="512" height="512" fill="#fff"/>${mark(1.2).replaceAll(SAND, '#fff').replaceAll(BRAND_COLOR, '#000')}</mask></defs>
  <g mask="url(#cut)">${mark(1.2).replaceAll(SAND, '#fff').replaceAll(BRAND_COLOR, '#fff')}</g>
</svg>`
}

async function png(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: 72 * (size / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(file)
  console.log(`wrote ${file.slice(root.length)}`)
}

await mkdir(iconsDir, { recursive: true })
await png(roundedIcon(), 192, join(iconsDir, 'icon-192.png'))
await png(roundedIcon(), 512, join(iconsDir, 'icon-512.png'))
await png(fullBleedIcon(0.8), 512, join(iconsDir, 'icon-maskable-512.png'))
await png(badgeIcon(), 96, join(iconsDir, 'badge-96.png'))
// iOS rounds the corners itself and shows transparency as black, so it gets the full-bleed plate.
await png(fullBleedIcon(0.9), 180, join(iconsDir, 'apple-touch-icon.png'))
await writeFile(join(publicDir, 'favicon.svg'), `${roundedIcon().replace(/\n\s*/g, '')}\n`)
console.log('wrote public/favicon.svg')

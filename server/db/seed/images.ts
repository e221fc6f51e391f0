// Demo pictures, drawn here as SVG scenes and rendered to WebP with sharp, so that the demo works without
// internet and without shipping binary files. No text is drawn: a bare machine may have no fonts.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

import sharp from 'sharp'

import { AGENCY_IMAGE, PROPERTY_IMAGE, PROPERTY_IMAGE_LARGE } from '../../../src/domain/constants.ts'
import { PROPERTY_TYPES, type PropertyType } from '../../../src/domain/enums.ts'
import { type LocationScene, SEED_LOCATIONS } from './data.ts'
import { pick, random } from './random.ts'

/** Scenes per property type; a property shows three of its type's scenes. */
export const SCENES_PER_TYPE = 6

export function sceneFile(type: PropertyType, variant: number): string {
  return `${type.toLowerCase()}-${(variant % SCENES_PER_TYPE) + 1}.webp`
}

const SKIES = [
  ['#8ec5ff', '#e0f0ff'],
  ['#ffb88c', '#ffe3c7'],
  ['#7fd1c7', '#e3f7f3'],
  ['#b9a6ff', '#efe9ff'],
  ['#9fd3ff', '#fff4d6'],
  ['#f6a6b2', '#fde8ec'],
] as const
const WALLS = ['#f4efe6', '#e9c46a', '#f2b5a0', '#cfe3d4', '#d7e3f4', '#f1d7b8', '#e6e0f3']
const ROOFS = ['#9c3d2e', '#4a4e69', '#2a6f6b', '#7a4e2d', '#3d5a80', '#6d597a']
const GRASS = ['#7bb662', '#8cc084', '#6aa56f', '#a3c36b', '#79b791', '#96b85a']

function tree(x: number, y: number, scale: number, color: string): string {
  return `<rect x="${x - 2 * scale}" y="${y - 14 * scale}" width="${4 * scale}" height="${14 * scale}" fill="#6b4f3a"/>
  <circle cx="${x}" cy="${y - 20 * scale}" r="${11 * scale}" fill="${color}"/>
  <circle cx="${x - 7 * scale}" cy="${y - 14 * scale}" r="${7 * scale}" fill="${color}"/>
  <circle cx="${x + 7 * scale}" cy="${y - 14 * scale}" r="${7 * scale}" fill="${color}"/>`
}

function windowGrid(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  gap: number,
  lit: () => boolean,
) {
  let out = ''
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      out += `<rect x="${x + c * (w + gap)}" y="${y + r * (h + gap)}" width="${w}" height="${h}" rx="1" fill="${lit() ? '#ffe8a3' : '#a9cbe8'}"/>`
  return out
}

function building(type: PropertyType, rnd: () => number): string {
  const wall = pick(WALLS, rnd)
  const roof = pick(ROOFS, rnd)
  const lit = () => rnd() > 0.6
  switch (type) {
    case 'HOUSE':
      return `<rect x="95" y="100" width="110" height="70" fill="${wall}"/>
        <polygon points="85,102 150,55 215,102" fill="${roof}"/>
        <rect x="175" y="62" width="12" height="26" fill="${roof}"/>
        <rect x="140" y="128" width="22" height="42" rx="2" fill="${roof}"/>
        ${windowGrid(108, 115, 1, 1, 22, 18, 0, lit)}${windowGrid(172, 115, 1, 1, 22, 18, 0, lit)}`
    case 'APARTMENT':
      return `<rect x="70" y="40" width="80" height="130" fill="${wall}"/>
        <rect x="155" y="70" width="70" height="100" fill="${pick(WALLS, rnd)}"/>
        ${windowGrid(78, 50, 4, 7, 13, 11, 5, lit)}${windowGrid(163, 80, 3, 5, 14, 12, 7, lit)}
        <rect x="100" y="150" width="20" height="20" fill="${roof}"/>`
    case 'TOWNHOUSE': {
      let row = ''
      for (let i = 0; i < 4; i++) {
        const x = 60 + i * 46
        row += `<rect x="${x}" y="85" width="46" height="85" fill="${pick(WALLS, rnd)}" stroke="#00000022"/>
          <polygon points="${x - 2},87 ${x + 23},62 ${x + 48},87" fill="${pick(ROOFS, rnd)}"/>
          ${windowGrid(x + 8, 95, 2, 2, 12, 14, 6, lit)}
          <rect x="${x + 17}" y="142" width="12" height="28" fill="${roof}"/>`
      }
      return row
    }
    case 'FARM':
      return `<rect x="0" y="150" width="300" height="50" fill="#c9a55a"/>
        ${Array.from({ length: 8 }, (_, i) => `<line x1="${i * 40}" y1="200" x2="${150 + (i - 4) * 10}" y2="150" stroke="#a88a45" stroke-width="3"/>`).join('')}
        <rect x="90" y="90" width="90" height="62" fill="#b23a3a"/>
        <polygon points="82,92 135,55 188,92" fill="#7a2626"/>
        <rect x="120" y="115" width="30" height="37" fill="#f4efe6"/>
        <line x1="120" y1="115" x2="150" y2="152" stroke="#b23a3a" stroke-width="3"/><line x1="150" y1="115" x2="120" y2="152" stroke="#b23a3a" stroke-width="3"/>
        <rect x="195" y="60" width="26" height="92" rx="13" fill="#c0c7cf"/>
        ${Array.from({ length: 9 }, (_, i) => `<rect x="${20 + i * 30}" y="150" width="3" height="18" fill="#f4efe6"/>`).join('')}
        <rect x="20" y="155" width="260" height="3" fill="#f4efe6"/>`
    case 'PLOT':
      return `<rect x="40" y="135" width="220" height="40" fill="#c8b07a"/>
        ${Array.from({ length: 12 }, (_, i) => `<rect x="${40 + i * 20}" y="122" width="3" height="22" fill="#8a6b48"/>`).join('')}
        <rect x="40" y="128" width="223" height="3" fill="#8a6b48"/>
        <rect x="205" y="80" width="4" height="50" fill="#6b4f3a"/>
        <rect x="185" y="72" width="44" height="26" rx="3" fill="${roof}"/>
        <rect x="192" y="80" width="30" height="4" rx="2" fill="#ffffffcc"/><rect x="192" y="88" width="20" height="4" rx="2" fill="#ffffffaa"/>`
    case 'COMMERCIAL':
      return `<rect x="60" y="70" width="180" height="100" fill="${wall}"/>
        <rect x="60" y="60" width="180" height="14" fill="${roof}"/>
        ${Array.from({ length: 9 }, (_, i) => `<rect x="${60 + i * 20}" y="96" width="20" height="12" fill="${i % 2 ? '#ffffff' : roof}"/>`).join('')}
        <path d="M60 108 ${Array.from({ length: 9 }, () => 'q10 8 20 0').join(' ')}" fill="${roof}"/>
        <rect x="72" y="118" width="60" height="45" fill="#a9cbe8"/><rect x="168" y="118" width="60" height="45" fill="#a9cbe8"/>
        <rect x="138" y="118" width="24" height="52" fill="#4a4e69"/>
        ${windowGrid(75, 78, 6, 1, 18, 10, 11, lit)}`
    case 'INDUSTRIAL':
      return `<rect x="45" y="95" width="210" height="75" fill="#c9ced6"/>
        ${Array.from({ length: 5 }, (_, i) => `<polygon points="${45 + i * 42},95 ${45 + i * 42},70 ${87 + i * 42},95" fill="#8d99ae"/>`).join('')}
        <rect x="215" y="35" width="14" height="60" fill="#8d6e63"/>
        <circle cx="226" cy="26" r="9" fill="#ffffffaa"/><circle cx="238" cy="16" r="7" fill="#ffffff88"/>
        ${Array.from({ length: 3 }, (_, i) => `<rect x="${65 + i * 60}" y="125" width="40" height="45" fill="${roof}"/>${Array.from({ length: 5 }, (_, j) => `<rect x="${65 + i * 60}" y="${129 + j * 8}" width="40" height="2" fill="#00000022"/>`).join('')}`).join('')}
        ${windowGrid(55, 103, 9, 1, 16, 10, 6, lit)}`
  }
}

/** A 300x200 (viewBox) scene of a property of `type`; `variant` changes the sky, colours and trees. */
export function propertyScene(type: PropertyType, variant: number): string {
  const rnd = random(PROPERTY_TYPES.indexOf(type) * 101 + variant * 7919 + 1)
  const [skyTop, skyBottom] = SKIES[variant % SKIES.length] ?? SKIES[0]
  const grass = pick(GRASS, rnd)
  const sunX = 30 + Math.floor(rnd() * 240)
  const trees = Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => {
    const x = rnd() > 0.5 ? 15 + rnd() * 50 : 240 + rnd() * 50
    return tree(x, 172, 0.8 + rnd() * 0.6, pick(['#3f7d4e', '#4f9a5e', '#2f6b3f', '#5ba56b'], rnd))
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="300" height="200" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${30 + rnd() * 20}" r="${12 + rnd() * 8}" fill="#fff3b0" opacity="0.9"/>
  <path d="M0 140 Q ${60 + rnd() * 40} ${95 + rnd() * 20} 150 130 T 300 ${115 + rnd() * 20} V200 H0Z" fill="${grass}" opacity="0.55"/>
  <rect x="0" y="168" width="300" height="32" fill="${grass}"/>
  <rect x="0" y="176" width="300" height="5" fill="#00000010"/>
  ${building(type, rnd)}
  ${trees}
</svg>`
}

const TOWER_COLORS = ['#3d5a80', '#4a4e69', '#2a6f6b', '#5c677d', '#33415c']
const TERRACE_COLORS = ['#e9c46a', '#f2b5a0', '#cfe3d4', '#d7e3f4', '#f1d7b8', '#e6e0f3', '#f4efe6']
const EARTH_COLORS = ['#d9a066', '#c98b55', '#e3b883', '#cf9a6a']

/** The ground and water of a destination's picture, drawn behind its buildings. */
function setting(kind: LocationScene['setting'], rnd: () => number): { back: string; front: string } {
  switch (kind) {
    case 'sea':
      return {
        back: `<rect x="0" y="150" width="300" height="50" fill="#3a86c8"/><path d="M0 160 Q40 155 80 160 T160 160 T240 160 T320 160" stroke="#ffffff88" stroke-width="2" fill="none"/>`,
        front: `<path d="M0 200 L0 182 Q150 168 300 186 L300 200Z" fill="#f1dca7"/>`,
      }
    case 'river':
      return {
        back: '',
        front: `<rect x="0" y="168" width="300" height="32" fill="#5b8fb9"/><path d="M0 178 Q75 172 150 178 T300 178" stroke="#ffffff77" stroke-width="2" fill="none"/>`,
      }
    case 'lake':
      return {
        back: '',
        front: `<rect x="0" y="164" width="300" height="36" fill="#6fa8dc"/><rect x="0" y="164" width="300" height="3" fill="#ffffff66"/>`,
      }
    case 'hills':
      return {
        back: `<path d="M0 120 Q${50 + rnd() * 40} ${70 + rnd() * 20} 150 110 T300 ${95 + rnd() * 20} V200 H0Z" fill="#7bb662" opacity="0.6"/>`,
        front: `<rect x="0" y="172" width="300" height="28" fill="#6aa56f"/>`,
      }
    case 'desert':
      return {
        back: `<path d="M0 140 Q80 110 160 135 T300 125 V200 H0Z" fill="#c98b55" opacity="0.5"/>`,
        front: `<rect x="0" y="172" width="300" height="28" fill="#d9a066"/>`,
      }
  }
}

/** A row of buildings along the bottom of the picture, in the city's manner. */
function skyline(kind: LocationScene['skyline'], rnd: () => number): string {
  let out = ''
  for (let x = 0; x < 300;) {
    const w = kind === 'towers' ? 16 + Math.floor(rnd() * 26) : 22 + Math.floor(rnd() * 20)
    const h =
      kind === 'towers'
        ? 50 + Math.floor(rnd() * 100)
        : kind === 'terraces'
          ? 38 + Math.floor(rnd() * 22)
          : kind === 'flat-roofs'
            ? 22 + Math.floor(rnd() * 26)
            : 30 + Math.floor(rnd() * 30)
    const top = 172 - h
    const color =
      kind === 'towers'
        ? pick(TOWER_COLORS, rnd)
        : kind === 'flat-roofs'
          ? pick(EARTH_COLORS, rnd)
          : pick(TERRACE_COLORS, rnd)
    out += `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${color}" stroke="#00000018"/>`
    if (kind === 'terraces' || kind === 'low') {
      // Pitched or mansard roofs over rows of windows.
      out += `<polygon points="${x - 1},${top} ${x + w / 2},${top - 10 - rnd() * 6} ${x + w + 1},${top}" fill="${pick(ROOFS, rnd)}"/>`
    }
    const lit = () => rnd() > (kind === 'towers' ? 0.55 : 0.7)
    out += windowGrid(
      x + 4,
      top + 6,
      Math.max(1, Math.floor((w - 6) / 9)),
      Math.floor((h - 8) / 13),
      5,
      7,
      4,
      lit,
    )
    x += w + (kind === 'flat-roofs' ? 0 : 2)
  }
  return out
}

/** What tells one destination from another at a glance. */
function landmark(kind: LocationScene['landmark'], rnd: () => number): string {
  const x = 60 + Math.floor(rnd() * 180)
  switch (kind) {
    case undefined:
      return ''
    case 'iron-tower':
      return `<polygon points="${x - 26},172 ${x - 4},40 ${x + 4},40 ${x + 26},172 ${x + 14},172 ${x},110 ${x - 14},172" fill="#6b5b4b"/><rect x="${x - 16}" y="120" width="32" height="5" fill="#6b5b4b"/><rect x="${x - 9}" y="80" width="18" height="4" fill="#6b5b4b"/><rect x="${x - 1}" y="26" width="2" height="16" fill="#6b5b4b"/>`
    case 'clock-tower':
      return `<rect x="${x - 11}" y="60" width="22" height="112" fill="#c8a96a"/><polygon points="${x - 13},60 ${x},28 ${x + 13},60" fill="#5a4a3a"/><circle cx="${x}" cy="74" r="7" fill="#fdf6e3" stroke="#5a4a3a" stroke-width="2"/>`
    case 'sails':
      return `<path d="M${x - 45} 160 Q${x - 35} 118 ${x - 10} 112 Q${x - 20} 140 ${x - 15} 160Z" fill="#fdfdfd"/><path d="M${x - 15} 160 Q${x - 5} 108 ${x + 22} 100 Q${x + 10} 136 ${x + 15} 160Z" fill="#f4f4f4"/><path d="M${x + 15} 160 Q${x + 25} 122 ${x + 48} 118 Q${x + 38} 142 ${x + 42} 160Z" fill="#fdfdfd"/><rect x="${x - 50}" y="158" width="100" height="8" fill="#c9b79c"/>`
    case 'castle':
      return `<path d="M${x - 70} 172 Q${x} 95 ${x + 70} 172Z" fill="#6b705c"/><rect x="${x - 30}" y="92" width="60" height="36" fill="#8d8478"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${x - 30 + i * 11}" y="86" width="6" height="7" fill="#8d8478"/>`).join('')}<rect x="${x - 8}" y="70" width="16" height="24" fill="#7d7468"/>`
    case 'minaret':
      return `<rect x="${x - 9}" y="62" width="18" height="110" fill="#c2703d"/><rect x="${x - 12}" y="58" width="24" height="8" fill="#a65d31"/><rect x="${x - 6}" y="42" width="12" height="18" fill="#c2703d"/><circle cx="${x}" cy="38" r="4" fill="#e9c46a"/>${windowGrid(x - 5, 80, 1, 3, 10, 12, 12, () => false)}`
    case 'bridge':
      return `<rect x="0" y="150" width="300" height="5" fill="#7d4e3a"/><rect x="${x - 60}" y="96" width="10" height="76" fill="#8c5a44"/><rect x="${x + 50}" y="96" width="10" height="76" fill="#8c5a44"/><path d="M0 150 Q${x - 55} 96 ${x - 55} 96 Q${x} 148 ${x + 55} 96 Q${x + 55} 96 300 150" stroke="#5a3a2a" stroke-width="2" fill="none"/>`
    case 'palms':
      return [x - 40, x + 30, x + 80]
        .map(
          (px, i) =>
            `<path d="M${px} 172 Q${px + 4} 130 ${px + 2} ${110 + i * 6}" stroke="#7a5a3a" stroke-width="4" fill="none"/>${[
              -1, 1,
            ]
              .map(
                (side) =>
                  `<path d="M${px + 2} ${110 + i * 6} q${side * 14} -10 ${side * 28} 4" stroke="#2f7d4e" stroke-width="5" fill="none"/><path d="M${px + 2} ${110 + i * 6} q${side * 10} -16 ${side * 22} -14" stroke="#3f8d5e" stroke-width="4" fill="none"/>`,
              )
              .join('')}`,
        )
        .join('')
    case 'basilica':
      return `<rect x="${x - 30}" y="96" width="60" height="40" fill="#efe7d8"/><circle cx="${x}" cy="96" r="20" fill="#f4efe6"/><rect x="${x - 2}" y="62" width="4" height="16" fill="#d9c9a8"/><rect x="${x - 34}" y="84" width="10" height="52" fill="#efe7d8"/><rect x="${x + 24}" y="84" width="10" height="52" fill="#efe7d8"/>`
  }
}

/**
 * A destination's picture, from what the demo data says of it (data.ts): its setting, its kind of skyline and
 * its landmark, so that no two destinations look alike. `index` is the location's place in SEED_LOCATIONS.
 */
export function locationScene(index: number): string {
  const rnd = random(index * 7 + 3)
  const scene: LocationScene = SEED_LOCATIONS[index]?.scene ?? {
    setting: 'river',
    skyline: 'towers',
    sky: index,
  }
  const [skyTop, skyBottom] = SKIES[scene.sky % SKIES.length] ?? SKIES[0]
  const ground = setting(scene.setting, rnd)
  const city = skyline(scene.skyline, rnd)
  const mark = landmark(scene.landmark, rnd)
  // A bridge spans the water and the sails stand on it, in front of the city; other landmarks rise behind.
  const [behind, inFront] =
    scene.landmark === 'bridge' || scene.landmark === 'sails' ? ['', mark] : [mark, '']
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="300" height="200" fill="url(#sky)"/><circle cx="${30 + rnd() * 240}" cy="${26 + rnd() * 16}" r="${12 + rnd() * 6}" fill="#fff3b0"/>
  ${ground.back}${behind}${city}${ground.front}${inFront}
</svg>`
}

/** Agency logo marks: a shape on a brand colour (no lettering, see above). */
const MARKS = [
  '<polygon points="30,5 50,20 46,20 46,27 14,27 14,20 10,20" fill="#fff"/>',
  '<circle cx="22" cy="15" r="8" fill="none" stroke="#fff" stroke-width="4"/><rect x="29" y="13" width="22" height="4" fill="#fff"/><rect x="44" y="17" width="4" height="6" fill="#fff"/>',
  '<path d="M6 20 Q15 8 24 20 T42 20 T60 20" stroke="#fff" stroke-width="4" fill="none"/>',
  '<circle cx="30" cy="15" r="7" fill="#fff"/>' +
    Array.from(
      { length: 8 },
      (_, i) => `<rect x="29" y="1" width="2" height="5" fill="#fff" transform="rotate(${i * 45} 30 15)"/>`,
    ).join(''),
  '<path d="M30 4 C44 8 46 22 30 27 C14 22 16 8 30 4Z" fill="#fff"/><path d="M30 8 V26" stroke-width="2" stroke="#0003"/>',
  '<polygon points="4,27 22,6 32,18 40,10 56,27" fill="#fff"/>',
  '<polygon points="30,3 34,12 44,12 36,18 39,27 30,21 21,27 24,18 16,12 26,12" fill="#fff"/>',
  '<rect x="20" y="4" width="20" height="23" rx="2" fill="none" stroke="#fff" stroke-width="3"/><circle cx="35" cy="16" r="2" fill="#fff"/>',
]
export const AGENCY_COLORS = [
  '#0f766e',
  '#1d4ed8',
  '#b45309',
  '#9d174d',
  '#4d7c0f',
  '#6d28d9',
  '#c2410c',
  '#0e7490',
]

export function agencyLogo(index: number): string {
  const color = AGENCY_COLORS[index % AGENCY_COLORS.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 30"><rect width="60" height="30" rx="5" fill="${color}"/>${MARKS[index % MARKS.length]}</svg>`
}

async function render(svg: string, file: string, width: number, height: number): Promise<void> {
  if (existsSync(file)) return
  // Render the vector at the target size (density scales the 300-wide viewBox) rather than upscaling pixels.
  const density = Math.max(72, Math.ceil((72 * width) / 300))
  await sharp(Buffer.from(svg), { density }).resize(width, height).webp({ quality: 78 }).toFile(file)
}

/** Writes every demo image under `imagesDir` that is not there yet; returns how many files it wrote. */
export async function ensureDemoImages(
  imagesDir: string,
  locationCount: number,
  agencyCount: number,
): Promise<number> {
  const dirs = ['properties', 'properties/large', 'agencies', 'locations'].map((d) => join(imagesDir, d))
  for (const dir of dirs) mkdirSync(dir, { recursive: true })
  const jobs: Array<() => Promise<void>> = []
  for (const type of PROPERTY_TYPES) {
    for (let variant = 0; variant < SCENES_PER_TYPE; variant++) {
      const svg = propertyScene(type, variant)
      const name = sceneFile(type, variant)
      jobs.push(() =>
        render(svg, join(imagesDir, 'properties', name), PROPERTY_IMAGE.width, PROPERTY_IMAGE.height),
      )
      jobs.push(() =>
        render(
          svg,
          join(imagesDir, 'properties/large', name),
          PROPERTY_IMAGE_LARGE.width,
          PROPERTY_IMAGE_LARGE.height,
        ),
      )
    }
  }
  for (let i = 0; i < locationCount; i++) {
    jobs.push(() =>
      render(locationScene(i), join(imagesDir, 'locations', `location-${i + 1}.webp`), 300, 200),
    )
  }
  for (let i = 0; i < agencyCount; i++) {
    const svg = agencyLogo(i)
    jobs.push(async () => {
      const file = join(imagesDir, 'agencies', `agency-${i + 1}.webp`)
      if (existsSync(file)) return
      // Drawn at twice the 60x30 of docs/product.md §10 so that it stays sharp on high-density screens.
      await sharp(Buffer.from(svg), { density: 144 })
        .resize(AGENCY_IMAGE.width * 2, AGENCY_IMAGE.height * 2)
        .webp({ quality: 85 })
        .toFile(file)
    })
  }
  let written = 0
  // sharp runs on libuv's thread pool; a few at a time keeps start-up responsive on 2 cores.
  const queue = [...jobs]
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await job()
        written++
      }
    }),
  )
  return written
}

// What search engines and link previews read of a page before any script runs (issue 28, Findable and
// shareable): a property's page is the app's shell with the property's title, description, canonical URL,
// languages, Open Graph and Twitter card tags and its schema.org description (JSON-LD); the sitemap lists the
// public pages and every visible property; robots.txt names the sitemap. The shell's body is unchanged: the
// app renders the page as before.
import type { AccommodationLeaf, MergeLeafTypes, ProductLeaf, WithContext } from 'schema-dts'

import type { Property } from '../../src/contract/catalog.ts'
import type { Language } from '../../src/domain/enums.ts'
import { LANGUAGES } from '../../src/domain/enums.ts'
import { escapeHtml } from '../services/mail/templates.ts'

const APP_NAME = 'Haven'
/** Open Graph's name for each language (a language and a region). */
const OG_LOCALE: Record<Language, string> = { en: 'en_GB', fr: 'fr_FR' }
const DESCRIPTION_LENGTH = 160

/** JSON inside a <script> data block: nothing in it may close the element or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/** The description's first sentence or so, cut at a word, for a search result's snippet. */
export function snippet(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.slice(0, length - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`
}

/** A rental term's price unit, as schema.org's `unitCode` reads units: UN/CEFACT common codes, 3 characters. */
const UNIT: Record<Property['rentalTerm'], string> = {
  MONTHLY: 'MON',
  WEEKLY: 'WEE',
  DAILY: 'DAY',
  YEARLY: 'ANN',
}

/**
 * The property as schema.org reads it: a place one stays in (Accommodation) that is offered (Product, whose
 * `offers` Accommodation lacks), with its price per rental term in US dollars, the currency prices are kept in.
 * Typed with schema.org's own vocabulary (schema-dts): a property or a type schema.org does not define for
 * these types does not compile.
 */
export function propertyJsonLd(
  property: Property,
  url: string,
  publicUrl: string,
): WithContext<MergeLeafTypes<[AccommodationLeaf, ProductLeaf]>> {
  return {
    '@context': 'https://schema.org',
    '@type': ['Accommodation', 'Product'],
    '@id': url,
    url,
    name: property.name,
    description: snippet(property.description, 500),
    image: property.images.map((image) => `${publicUrl}${image.large}`),
    ...(property.address || property.location.name
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(property.address ? { streetAddress: property.address } : {}),
            addressLocality: property.location.name,
          },
        }
      : {}),
    ...(property.latitude !== null && property.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: property.latitude, longitude: property.longitude } }
      : {}),
    numberOfBedrooms: property.bedrooms,
    numberOfBathroomsTotal: property.bathrooms,
    ...(property.size
      ? { floorSize: { '@type': 'QuantitativeValue', value: property.size, unitCode: 'MTK' } }
      : {}),
    petsAllowed: property.petsAllowed,
    brand: { '@type': 'Organization', name: property.agency.name },
    offers: {
      '@type': 'Offer',
      url,
      price: property.price,
      priceCurrency: 'USD',
      availability:
        property.available && !property.soldOut ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: property.price,
        priceCurrency: 'USD',
        unitCode: UNIT[property.rentalTerm],
      },
      seller: { '@type': 'Organization', name: property.agency.name },
    },
  }
}

/** The address of a property's page in `language` (`?l=` picks the language, as on the home page). */
export const propertyUrl = (publicUrl: string, id: string, language?: Language) =>
  `${publicUrl}/property?id=${encodeURIComponent(id)}${language ? `&l=${language}` : ''}`

/** What every findable page says of itself in its head, whatever it is. */
interface HeadTags {
  /** The tab's title; `shareTitle` (a link preview's) is the same unless given. */
  title: string
  shareTitle?: string
  description: string
  /** The canonical address, and the page's address in each language. */
  url: string
  urlIn: (language: Language) => string
  language: Language
  /** A link preview's picture: a large photo (with its size), or a small image beside the text. */
  image?: { url: string; large: boolean }
  /** Anything the page adds (a property's schema.org description). */
  extra?: string[]
}

function headTags({
  title,
  shareTitle = title,
  description,
  url,
  urlIn,
  language,
  image,
  extra = [],
}: HeadTags) {
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...LANGUAGES.map(
      (other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(urlIn(other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${APP_NAME}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(shareTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image.url)}" />`] : []),
    ...(image?.large
      ? [
          `<meta property="og:image:width" content="1200" />`,
          `<meta property="og:image:height" content="800" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${image?.large ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(shareTitle)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    ...(image?.large ? [`<meta name="twitter:image" content="${escapeHtml(image.url)}" />`] : []),
    ...extra,
  ]
  return tags.join('\n    ')
}

/** The head tags of a property's page in `language`. */
export function propertyHead(property: Property, language: Language, publicUrl: string): string {
  const url = propertyUrl(publicUrl, property._id)
  const photo = property.images[0]
  return headTags({
    title: `${property.name} · ${APP_NAME}`,
    shareTitle: property.name,
    description: snippet(property.description),
    url,
    urlIn: (other) => propertyUrl(publicUrl, property._id, other),
    language,
    image: photo ? { url: `${publicUrl}${photo.large}`, large: true } : undefined,
    extra: [
      `<script type="application/ld+json">${jsonForScript(propertyJsonLd(property, url, publicUrl))}</script>`,
    ],
  })
}

/** A public page's own title and description, as the build writes them (src/app/prerender.tsx). */
export interface PageHead {
  title: string
  description: string
}

/** The address of a public page in `language` (`?l=` picks the language, as on the home page). */
const pageUrl = (publicUrl: string, path: string, language?: Language) =>
  `${publicUrl}${path}${language ? `?l=${language}` : ''}`

/**
 * The head tags of a public page (search, agencies, the information pages) in `language`. Its canonical
 * address is the bare path: a search's filters make countless addresses of one page.
 */
export function pageHead(path: string, head: PageHead, language: Language, publicUrl: string): string {
  return headTags({
    ...head,
    url: pageUrl(publicUrl, path),
    urlIn: (other) => pageUrl(publicUrl, path, other),
    language,
    image: { url: `${publicUrl}/icons/icon-512.png`, large: false },
  })
}

/**
 * The shell with `head` in place of its own title and description, and the page's language on <html>. The
 * shell's other tags (icons, theme colour, the built scripts and styles) stay as they are.
 */
export function withHead(shell: string, head: string, language: Language): string {
  return (
    shell
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, '')
      // A function, not a string: `$&` or `$\`` in a property's text would be read as replacement patterns.
      .replace('</head>', () => `    ${head}\n  </head>`)
  )
}

/** A sitemap of `urls` (at most 50,000, the protocol's limit per file). */
export function sitemap(urls: Array<{ loc: string; lastmod?: string }>): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}

/** A sitemap index naming `sitemaps`. */
export function sitemapIndex(sitemaps: string[]): string {
  const entries = sitemaps.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
}

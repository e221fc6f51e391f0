// One English message, one translation: Lingui's id is the message itself, so two catalogs that translate it
// differently show whichever loaded last (a screen that loads both, and the client tests, which load them all).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

const root = new URL('..', import.meta.url).pathname

describe('the catalogs', () => {
  for (const language of ['en', 'fr']) {
    it(`translate each message the same way in every ${language} catalog`, () => {
      const folder = join(root, 'src', 'locales', language)
      const seen = new Map<string, Map<string, string[]>>()
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.po'))) {
        const text = readFileSync(join(folder, file), 'utf8')
        for (const [, context = '', id, translation] of text.matchAll(
          /(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"\n/g,
        )) {
          if (!id || !translation) continue
          const key = `${context}\u0004${id}`
          const byTranslation = seen.get(key) ?? new Map<string, string[]>()
          byTranslation.set(translation, [...(byTranslation.get(translation) ?? []), file])
          seen.set(key, byTranslation)
        }
      }
      const disagreements = [...seen]
        .filter(([, byTranslation]) => byTranslation.size > 1)
        .map(([key, byTranslation]) => ({
          message: key.split('\u0004')[1],
          ...Object.fromEntries(byTranslation),
        }))
      expect(disagreements).toEqual([])
    })
  }
})

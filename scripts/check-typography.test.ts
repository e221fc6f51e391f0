// The French typography check (scripts/check-typography.ts) on small catalogs and modules; `npm run i18n:check`
// runs it on the project's.
import { describe, expect, it } from 'vitest'

import { checkCatalog, checkModule } from './check-typography.ts'

const rules = (problems: Array<{ line: number; rule: string }>) => problems.map((p) => `${p.line}: ${p.rule}`)

describe('French typography', () => {
  it('finds a plain space before a mark and a typewriter apostrophe in a catalog, at the entry’s line', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=utf-8\\n"',
      '',
      'msgid "Forgot your password?"',
      'msgstr "Mot de passe oublié ?"',
      '',
      'msgid "Card: {0}"',
      'msgstr ""',
      '"Carte : "',
      '"{0}"',
      '',
      'msgid "Sign up"',
      'msgstr "S\'inscrire"',
      '',
      'msgid "Pay; then go!"',
      'msgstr "Payez\u00a0; puis partez\u202f!"',
    ].join('\n')
    expect(rules(checkCatalog(po, 'x.po'))).toEqual([
      '6: space before "?" must be a narrow no-break space (U+202F)',
      '9: space before ":" must be a no-break space (U+00A0)',
      "14: apostrophe must be ’ (U+2019), not '",
      '17: space before ";" must be a narrow no-break space (U+202F)',
    ])
  })

  it('accepts the right spaces and the apostrophe', () => {
    const po =
      'msgid "a"\nmsgstr "Vous avez déjà un compte\u202f? Agence\u00a0: {name}\u202f; l’agence\u202f!"\n'
    expect(checkCatalog(po, 'x.po')).toEqual([])
  })

  it('reads the French strings of a module, templates whole, and leaves English, queries and code alone', () => {
    const module = [
      "import { x } from './a ?b'",
      'const texts = {',
      "  en: 'If you did not ask for this, ignore it: it is fine. Don\\'t worry ; really?',",
      "  fr: 'Si vous n\\'avez rien demandé, ignorez cet e-mail.',",
      '}',
      'const message = (a: string, b: string) =>',
      '  `Votre réservation de ${a} est modifiée : ${b}`',
      'const q = sql`select * from la where de = ${1} ? : ;`',
      'const ok = a ? `Une maison ${b}` : "Un terrain"',
    ].join('\n')
    expect(rules(checkModule(module, 'x.ts'))).toEqual([
      "4: apostrophe must be ’ (U+2019), not '",
      '7: space before ":" must be a no-break space (U+00A0)',
    ])
  })
})

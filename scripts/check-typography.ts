// French typography, checked on every French text the app shows (part of `npm run i18n:check`): the
// catalogs' French entries (src/locales/fr/*.po) and the French written in the server's, the service
// worker's and the shared domain's code (e-mails, notifications, page heads, demo data, offline texts).
//
// Two rules (docs/product.md §3): a plain space before `:` `;` `!` `?` lets a line break before the mark, so
// the space there is a no-break one (U+00A0 before `:`, the narrow U+202F before the others); and the
// apostrophe is one character, ’ (U+2019), never the typewriter's '.
import { globSync, readFileSync } from 'node:fs'

import ts from 'typescript'

export interface Problem {
  file: string
  line: number
  rule: string
  text: string
}

const NBSP = '\u00a0'
const NNBSP = '\u202f'
const SPACE_BEFORE_MARK = /(\s)([:;!?])/g

/** What is wrong with one French text, each problem once. */
export function problemsIn(text: string): string[] {
  const found = new Set<string>()
  for (const [, space, mark] of text.matchAll(SPACE_BEFORE_MARK)) {
    const wanted = mark === ':' ? NBSP : NNBSP
    if (space !== wanted)
      found.add(
        mark === ':'
          ? 'space before ":" must be a no-break space (U+00A0)'
          : `space before "${mark}" must be a narrow no-break space (U+202F)`,
      )
  }
  if (text.includes("'")) found.add("apostrophe must be ’ (U+2019), not '")
  return [...found]
}

/** The French entries of a Lingui catalog: each msgstr (continuation lines joined), at its first line. */
export function checkCatalog(source: string, file: string): Problem[] {
  const problems: Problem[] = []
  const lines = source.split('\n')
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  for (let i = 0; i < lines.length; i++) {
    const first = /^msgstr(?:\[\d+\])? (".*")$/.exec(lines[i]!)
    if (!first) continue
    let text = unquote(first[1]!)
    const start = i
    while (lines[i + 1]?.startsWith('"')) text += unquote(lines[++i]!)
    // The header (the entry of the empty msgid) is metadata, not a text.
    if (lines[start - 1] === 'msgid ""' && lines[start + 1]?.startsWith('"')) continue
    for (const rule of problemsIn(text)) problems.push({ file, line: start + 1, rule, text })
  }
  return problems
}

// A French text in code: one with a letter or a word English does not use. English texts in the same files
// keep their own typography.
const FRENCH =
  /[àâçéèêëîïôûùüÿœ’\u00a0\u202f]|\b(?:vous|votre|vos|nous|notre|une|les|des|du|est|pour|avec|dans|sur|aux|au|le|la|de)\b/i

/**
 * The French string literals of a TypeScript module. A template is read whole, its substitutions as `{}`, so
 * that `${a} : ${b}` is checked with the words around it; `sql` templates are queries, not texts.
 */
export function checkModule(source: string, file: string): Problem[] {
  const problems: Problem[] = []
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const check = (node: ts.Node, text: string) => {
    if (!FRENCH.test(text)) return
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
    for (const rule of problemsIn(text)) problems.push({ file, line, rule, text })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf) === 'sql') return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text)
    else if (ts.isTemplateExpression(node))
      check(node, node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join(''))
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return problems
}

const root = new URL('..', import.meta.url).pathname
const CATALOGS = ['src/locales/fr/*.po']
const MODULES = ['server/**/*.ts', 'sw/**/*.ts', 'src/domain/**/*.ts', 'src/contract/**/*.ts']
const TESTS = ['**/*.test.ts', 'server/test/**']

export function checkProject(): Problem[] {
  const files = (patterns: string[]) =>
    patterns.flatMap((pattern) => globSync(pattern, { cwd: root, exclude: TESTS })).sort()
  const read = (file: string) => readFileSync(`${root}${file}`, 'utf8')
  return [
    ...files(CATALOGS).flatMap((file) => checkCatalog(read(file), file)),
    ...files(MODULES).flatMap((file) => checkModule(read(file), file)),
  ]
}

if (import.meta.main) {
  const problems = checkProject()
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.rule}\n    ${JSON.stringify(p.text)}`)
  if (problems.length) {
    console.error(`\nFrench typography: ${problems.length} problems (scripts/check-typography.ts).`)
    process.exit(1)
  }
  console.log('French typography: no problem in the catalogs and the French texts of the code.')
}

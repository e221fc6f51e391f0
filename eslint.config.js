import { readdirSync } from 'node:fs'

import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { noCycle } from './scripts/eslint-no-cycle.js'
import { BACK_OFFICE_LAYER, LADDER } from './scripts/layers.ts'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// The ladder's zones: a layer of src/ may import none above it (scripts/layers.ts).
const ladderZones = LADDER.slice(1).map((layer, index) => {
  const above = LADDER.slice(0, index + 1)
  return {
    target: `./src/${layer}`,
    // The back office's app is on the top rung, beside app.
    from: [...above, BACK_OFFICE_LAYER].map((each) => `./src/${each}`),
    message: `src/${layer} imports nothing above it on the ladder (${above.join(', ')}). Nor src/${BACK_OFFICE_LAYER}, on app's rung.`,
  }
})

const layerZones = [
  ...ladderZones,
  {
    target: './src/app',
    from: `./src/${BACK_OFFICE_LAYER}`,
    message: "the renter's app and the back office are two applications: neither imports the other.",
  },
  {
    target: `./src/${BACK_OFFICE_LAYER}`,
    from: './src/app',
    message: "the renter's app and the back office are two applications: neither imports the other.",
  },
  {
    target: './src/domain',
    from: ['./src/contract', './server'],
    message: 'domain is shared with the server: it imports nothing from it, nor the contract built on it.',
  },
  {
    // Beside the domain, one rung up: the server and every client layer may import it.
    target: './src/contract',
    from: [
      ...[...LADDER, BACK_OFFICE_LAYER]
        .filter((layer) => layer !== 'domain')
        .map((layer) => `./src/${layer}`),
      './server',
    ],
    message: 'the contract is shared with the server: it imports nothing from the app.',
  },
  // What two features share moves down into an entity, ui, lib or domain.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'a feature does not import another feature.',
  })),
  // A feature's declaration is plain data that Node tools import too (lingui.config.ts, vite.config.ts,
  // scripts/build.ts): its shape comes from src/domain, and nothing else of the app's.
  {
    target: './src/features/*/feature.ts',
    from: './src',
    except: ['./domain'],
    message: "a feature's declaration is plain data for Node tools too: it imports only src/domain.",
  },
  {
    target: './server',
    from: './src',
    except: ['./domain', './contract'],
    message: 'the server may only import src/domain and src/contract.',
  },
  {
    target: './sw',
    from: './src',
    except: ['./domain', './offline/runtime-caches.ts', './contract/routes.ts', './contract/route.ts'],
    message:
      'the service worker may only import src/domain, the cache names it shares with the client and the route keys it calls.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/locales',
      'test-results',
      'playwright-report',
      'dev-dist',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React's rules where React code is: the app (src/) and any .tsx. Their compiler-based rules analyse every
    // function of a file they see, and the server, scripts and end-to-end tests hold no component or hook.
    files: ['src/**/*.{ts,tsx}', '**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts file it imports, and the cycle rule (haven/no-cycle) sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The TypeScript resolver reads the `@/` alias and finds extensionless `.ts` files; without it the
      // import rules below could not resolve most imports and passed them silently.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'sw/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-duplicates': 'error',
      // Imports in groups, each sorted: Node's, packages, the project's by alias (`@/…`), then relative ones.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Rules that need the types: each file is checked with the tsconfig that owns it (sw/ has its own).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default` does not count for a union: a member added later must be handled where it is switched on.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false },
      ],
    },
  },
  {
    // One-way imports down the ladder (LADDER above), no feature importing another, and
    // no cycles, type-only ones included (docs/architecture.md, Layers and their one-way imports).
    // import-x/no-cycle cannot count type-only imports: haven/no-cycle is its walk with them counted.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    plugins: { haven: { rules: { 'no-cycle': noCycle } } },
    rules: {
      'haven/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: layerZones,
        },
      ],
    },
  },
  {
    // Stand-ins are development and test code: the production server (server/main.ts and what it imports)
    // imports none of them, nor anything else of the tests'. The entries that do are listed here.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**', 'server/stand-ins/**', 'server/dev-main.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            {
              target: './server',
              from: ['./server/stand-ins', './server/test', './tests'],
              message:
                'production server code imports no stand-in and no test code: the development entry (server/dev-main.ts) starts the stand-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    // One zod flavour for the schemas shared by the client and the server (src/contract, src/domain): zod/mini
    // (`@/domain/zod-mini`), as classic zod is too heavy for the client (docs/decisions.md). A type may still
    // come from classic zod with `import type`.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                'src/ uses zod/mini through @/domain/zod-mini (one flavour, shared with the server); a type may come with `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^[^a-zA-Z]*$', '^[a-z][a-zA-Z0-9-]*$', '^[A-Z0-9_]+$', '^(https?:|/|#|\\?|@)'],
          ignoreNames: [
            {
              regex: {
                pattern:
                  'className|^(to|href|src|srcSet|type|name|id|key|variant|color|size|c|fw|ta|justify|align|gap|p|px|py|m|mt|mb|ml|mr|my|mx|w|h|maw|miw|mah|mih|radius|shadow|order|component|rel|target|role|data-.*|aria-(?!label).*|inputMode|autoComplete|lang|dir|mode|position|transition|wrap|direction|fit|loading|decoding|sizes|style|bg|bd|td|tt|lh|fz|ff|display|pos|top|left|right|bottom|inset|span|cols|spacing|verticalSpacing|orientation|placement|withinPortal|zIndex|testId|layout|preload|search|hash|method|encType|accept|pattern|viewBox|fill|stroke|d|xmlns|strokeWidth|strokeLinecap|strokeLinejoin|width|height|x|y|cx|cy|r|rx|ry|points|transform|opacity)$',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'new Error',
            'URLSearchParams',
            'useNavigate',
            'navigate',
            'redirect',
            'localStorage.*',
            'sessionStorage.*',
            'document.*',
            'window.*',
            'matchMedia',
            'addEventListener',
            'removeEventListener',
            'queryOptions',
            'fetch',
            'api.*',
            'apiFetch',
            'cva',
            'clsx',
            'createRoute',
            'Object.*',
            'JSON.*',
            'test',
            'it',
            'describe',
            'expect',
            'vi.*',
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'scripts/**', 'bench/**', 'server/**'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
)

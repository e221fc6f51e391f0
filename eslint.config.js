import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-duplicates': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // One-way imports: domain <- lib/i18n/offline <- features <- app (docs/architecture.md, Layers and their
    // one-way imports).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: ['./src/lib', './src/i18n', './src/offline', './src/features', './src/app', './server'],
              message: 'domain is shared with the server: it imports nothing from the app.',
            },
            {
              target: ['./src/lib', './src/i18n', './src/offline'],
              from: ['./src/features', './src/app'],
              message: 'lib, i18n and offline sit below features.',
            },
            { target: './src/features', from: './src/app', message: 'features do not import the app shell.' },
            {
              target: './server',
              from: './src',
              except: ['./domain'],
              message: 'the server may only import src/domain.',
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

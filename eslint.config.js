// Lint for the whole repository, run by `npm test`: typescript-eslint's recommended rules, React's
// hooks rules, jsx-a11y for the portal's markup, and the import boundaries of the portal and the
// member API (scripts/lint/boundaries.mjs). Formatting is Prettier's (.prettierrc.json), not ESLint's.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { boundaries } from './scripts/lint/boundaries.mjs'

const portal = { rules: { boundaries } }

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.output/',
      '.output-*/',
      'dist/',
      '.nitro/',
      '.tanstack/',
      '.data/',
      'test-results/',
      'coverage/',
      'app/routeTree.gen.ts',
      'locales/**/*.ts',
      'scripts/bench/anchors/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are mistakes, except a leading underscore that says "deliberately unused".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, portal },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/boundaries': 'error',
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['suite/**/*.ts'],
    plugins: { portal },
    rules: { 'portal/boundaries': 'error' },
  },
  prettier,
)

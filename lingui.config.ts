import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/app'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
})

// The import-boundaries rule: the portal's features stay apart, and the member API's folders depend
// one way, staff/ → services/ → actors/ (type-only imports, re-exports and dynamic imports count).
import { resolve } from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { boundaries as rule } from './boundaries.mjs'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only
// The rule is plain JavaScript: its meta.type is a string to TypeScript, a rule type to ESLint.
const boundaries = rule as unknown as Parameters<RuleTester['run']>[1]
const root = resolve(import.meta.dirname, '../..')
const r = (path: string) => resolve(root, path)
const t = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } })
t.run('boundaries', boundaries, {
  valid: [
    { filename: r('suite/staff/x.ts'), code: "import { a } from '../services/operations'" },
    { filename: r('suite/staff/x.ts'), code: "import { a } from '../actors/actor'" },
    { filename: r('suite/services/x.ts'), code: "import { a } from '../actors/audit'" },
    { filename: r('suite/services/x.ts'), code: "import { a } from './operations'" },
    { filename: r('suite/services/x.ts'), code: "import { a } from '../../contract/staff'" },
    { filename: r('suite/actors/x.ts'), code: "import { a } from '../db/schema'; import { b } from '../http/errors'" },
    { filename: r('suite/ops-commands.ts'), code: "import { a } from './staff/roles'" },
    { filename: r('suite/routes/x.ts'), code: "import { a } from '../staff/roles'" },
  ],
  invalid: [
    { filename: r('suite/services/x.ts'), code: "import { a } from '../staff/actor'", errors: [{ messageId: 'suiteLayer' }] },
    { filename: r('suite/services/x.ts'), code: "import type { A } from '../staff/actor'", errors: [{ messageId: 'suiteLayer' }] },
    { filename: r('suite/services/x.test.ts'), code: "export * from '../staff/roles'", errors: [{ messageId: 'suiteLayer' }] },
    { filename: r('suite/services/x.ts'), code: "export { a } from '../staff'", errors: [{ messageId: 'suiteLayer' }] },
    { filename: r('suite/services/x.ts'), code: "async function f() { await import('../staff/roles') }", errors: [{ messageId: 'suiteLayer' }] },
    { filename: r('suite/actors/x.ts'), code: "import { a } from '../services/notify'", errors: [{ messageId: 'suiteLayer' }] },
    { filename: r('suite/actors/x.ts'), code: "import { a } from '../staff/roles'", errors: [{ messageId: 'suiteLayer' }] },
  ],
})
// the app rules still apply
t.run('boundaries-app', boundaries, {
  valid: [{ filename: r('app/features/a/x.ts'), code: "import { a } from '~/lib/y'" }],
  invalid: [{ filename: r('app/features/a/x.ts'), code: "import { a } from '~/features/b/y'", errors: [{ messageId: 'crossFeature' }] }],
})

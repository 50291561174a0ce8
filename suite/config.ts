// Configuration of the member API: read once from the environment, validated, typed.
// A bad value stops start-up with a message naming the variable.
import { resolve } from 'node:path'
import * as v from 'valibot'

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const LOCAL_SECRET = 'local-mode-secret-not-for-production-use-000'

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a port number'),
  v.transform(Number),
  v.minValue(1, 'must be a port number'),
  v.maxValue(65535, 'must be a port number'),
)
const secret = v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))
const flag = v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((s) => s === 'true' || s === '1'))

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  SUITE_PORT: v.optional(port, '8787'),
  SUITE_HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  SUITE_DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data/pglite'),
  GCLOUD_PROJECT: v.optional(v.pipe(v.string(), v.minLength(1))),
  FIREBASE_PROJECT_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+:\d+$/, 'must be host:port'))),
  OTP_PEPPER: v.optional(secret),
  INTERCOM_SECRET: v.optional(secret),
  SHOPIFY_SHOP: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+\.myshopify\.com$/, 'must be <shop>.myshopify.com'))),
  SHOPIFY_ADMIN_TOKEN: v.optional(v.pipe(v.string(), v.minLength(10))),
  SUITE_SEED: v.optional(v.picklist(['demo', 'none'])),
  SUITE_TRUST_PROXY: v.optional(flag, 'false'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
})

export interface SuiteConfig {
  mode: 'local' | 'production'
  port: number
  host: string
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }
  firebase: { projectId: string; emulatorHost: string | null }
  otpPepper: string
  intercomSecret: string
  shopify: { shop: string; adminToken: string } | null
  seed: 'demo' | 'none'
  trustProxy: boolean
  logLevel: string
}

export function loadConfig(env: Record<string, string | undefined> = process.env): SuiteConfig {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) {
    const issue = result.issues[0]
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment'
    throw new ConfigError(`${key} ${issue.message} (got ${JSON.stringify(issue.input)})`)
  }
  const e = result.output
  const production = e.NODE_ENV === 'production'

  if (production) {
    // The emulator accepts forged tokens: a production process must never trust it.
    if (e.FIREBASE_AUTH_EMULATOR_HOST) throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST must not be set in production')
    for (const name of ['DATABASE_URL', 'FIREBASE_PROJECT_ID', 'OTP_PEPPER', 'INTERCOM_SECRET', 'SHOPIFY_SHOP', 'SHOPIFY_ADMIN_TOKEN'] as const) {
      if (!e[name]) throw new ConfigError(`${name} is required in production`)
    }
  }

  return {
    mode: production ? 'production' : 'local',
    port: e.SUITE_PORT,
    host: e.SUITE_HOST,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: resolve(e.SUITE_DATA_DIR) },
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID ?? e.GCLOUD_PROJECT ?? 'demo-portal',
      emulatorHost: production ? null : (e.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'),
    },
    otpPepper: e.OTP_PEPPER ?? LOCAL_SECRET,
    intercomSecret: e.INTERCOM_SECRET ?? LOCAL_SECRET,
    shopify: e.SHOPIFY_SHOP && e.SHOPIFY_ADMIN_TOKEN ? { shop: e.SHOPIFY_SHOP, adminToken: e.SHOPIFY_ADMIN_TOKEN } : null,
    seed: e.SUITE_SEED ?? (production ? 'none' : 'demo'),
    trustProxy: e.SUITE_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  }
}

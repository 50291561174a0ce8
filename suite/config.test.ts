import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('config', () => {
  it('defaults to local mode on PGlite, port 8787, loopback, the emulator and demo data', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      mode: 'local',
      port: 8787,
      host: '127.0.0.1',
      database: { kind: 'pglite' },
      firebase: { projectId: 'demo-portal', emulatorHost: '127.0.0.1:9099' },
      seed: 'demo',
    })
  })

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' })
  })

  it('names the bad variable', () => {
    expect(() => loadConfig({ SUITE_PORT: 'eighty' })).toThrow(/SUITE_PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ OTP_PEPPER: 'short' })).toThrow(/OTP_PEPPER/)
  })

  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u@h/db',
    FIREBASE_PROJECT_ID: 'testers-circle',
    OTP_PEPPER: 'p'.repeat(40),
    INTERCOM_SECRET: 's'.repeat(40),
    SHOPIFY_SHOP: 'testers.myshopify.com',
    SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789',
  }

  it('refuses the auth emulator and missing secrets in production', () => {
    expect(loadConfig(production)).toMatchObject({ mode: 'production', seed: 'none', firebase: { emulatorHost: null } })
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/)
    const { OTP_PEPPER: _omitted, ...withoutPepper } = production
    expect(() => loadConfig(withoutPepper)).toThrow(/OTP_PEPPER is required/)
  })
})

// The identity emulator keeps its users across a clean stop and start (npm start's .data/auth).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startAuthEmulator } from './auth-emulator.mjs'

const dir = mkdtempSync(join(tmpdir(), 'tc-emulator-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function signUp(host: string, email: string) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kept-across-restarts-1', returnSecureToken: true }),
  })
  expect(response.status).toBe(200)
}

async function signIn(host: string, email: string) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kept-across-restarts-1', returnSecureToken: true }),
  })
  return response.status
}

describe('the identity emulator of npm start', () => {
  // Room for two starts (each allowed 90 s) and two stops that export users (each allowed 90 s).
  it('keeps its users across a clean stop and start', { timeout: 420_000 }, async () => {
    const options = { port: 0, hubPort: 0, loggingPort: 0, workDir: join(dir, 'work'), dataDir: join(dir, 'auth') }
    const first = await startAuthEmulator(options)
    await signUp(first.host, 'kept@example.com')
    await first.stop()

    const second = await startAuthEmulator(options)
    try {
      expect(await signIn(second.host, 'kept@example.com')).toBe(200)
      expect(await signIn(second.host, 'never-registered@example.com')).toBe(400)
    } finally {
      await second.stop()
    }
  })
})

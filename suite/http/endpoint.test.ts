// A refusal's reason reaches the portal only when its endpoint declares it: the portal's handling is
// type-checked against the declared reasons, so another would be a code no page is ready for.
import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { Endpoint } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { routeRegistrar } from './endpoint'
import type { SuiteEnv } from './env'
import { ApiError, conflict } from './errors'

function appWith(endpoint: Endpoint, refusal: ApiError) {
  const lines: string[] = []
  const deps = { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) } as unknown as SuiteDeps
  const app = new Hono<SuiteEnv>()
  let thrown: unknown
  app.onError((error, c) => {
    thrown = error
    return c.text('refused', 409)
  })
  routeRegistrar(app, deps)(endpoint, () => {
    throw refusal
  })
  return { app, lines, thrown: () => thrown as ApiError }
}

const endpoint = (refusals?: Endpoint['refusals']): Endpoint => ({
  method: 'POST',
  path: 'test/v1/thing',
  auth: 'none',
  data: v.null(),
  ...(refusals && { refusals }),
})
const stale = () =>
  conflict('Changed by Col League since you opened it', { code: 'stale-edit', changedBy: 'Col League', changedAt: '2026-07-01T09:00:00.000Z' })

describe('a refusal thrown by a route', () => {
  it('keeps a reason its endpoint declares', async () => {
    const { app, lines, thrown } = appWith(endpoint(['stale-edit']), stale())
    await app.request('/test/v1/thing', { method: 'POST' })
    expect(thrown().reason).toEqual({ code: 'stale-edit', changedBy: 'Col League', changedAt: '2026-07-01T09:00:00.000Z' })
    expect(lines).toEqual([])
  })

  it('drops a reason its endpoint does not declare, keeps the refusal, and logs the mistake', async () => {
    for (const undeclared of [endpoint(['in-use']), endpoint()]) {
      const { app, lines, thrown } = appWith(undeclared, stale())
      await app.request('/test/v1/thing', { method: 'POST' })
      expect(thrown()).toBeInstanceOf(ApiError)
      expect(thrown()).toMatchObject({ code: 'CONFLICT', message: 'Changed by Col League since you opened it' })
      expect(thrown().reason).toBeUndefined()
      expect(lines.map((line) => JSON.parse(line) as { msg: string; reason: string })).toEqual([
        expect.objectContaining({ msg: 'refusal reason not declared by its endpoint', reason: 'stale-edit' }),
      ])
    }
  })
})

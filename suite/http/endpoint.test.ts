// A refusal's reason reaches the portal only when its endpoint declares it: the portal's handling is
// type-checked against the declared reasons, so another would be a code no page is ready for. Every
// path parameter is checked with its entry's schema before the handler runs, and no entry of the
// table can leave one out.
import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { Uuid } from '../../contract/common'
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints'
import { CampaignIdParam, FlightIdParam, pathParamNames, PhotoSizeParam, type PathParamSchema } from '../../contract/path-params'
import { fillPath } from '../../contract/paths'
import type { SuiteDeps } from '../deps'
import { routeRegistrar, type RouteHandler } from './endpoint'
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

const deps = { logger: pino({ level: 'silent' }) } as unknown as SuiteDeps

/** An app serving one endpoint, answering what the route throws with the suite's envelope. */
function serving<E extends Endpoint>(endpoint: E, handler: RouteHandler<E>) {
  const app = new Hono<SuiteEnv>()
  app.onError((error, c) =>
    error instanceof ApiError ? c.json({ status: error.code, message: error.message }, error.httpStatus as 404) : c.text('failed', 500),
  )
  routeRegistrar(app, deps)(endpoint, handler)
  return { app }
}

/** The path parameters of a path, in order. */
const paramsOf = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))

/** Refused by every path parameter schema of the table: too long to be an id, a slug, a size, an image name or a uid. */
const MALFORMED = 'x'.repeat(200)
/** A text the schema takes: an id, a size, a drawn image's name, a slug. */
const wellFormed = (schema: PathParamSchema) => [crypto.randomUUID(), 'thumb', 'skillet.svg', 'kitchen'].find((text) => v.is(schema, text))

describe('path parameters', () => {
  const flight = {
    method: 'POST',
    path: 'test/v1/campaigns/:id/flights/:flightId/:size',
    auth: 'none',
    params: { id: CampaignIdParam, flightId: FlightIdParam, size: PhotoSizeParam },
    body: v.strictObject({ note: v.string() }),
    data: v.strictObject({ id: v.string(), flightId: v.string(), size: v.string() }),
  } as const satisfies Endpoint

  it('reach the handler parsed by their schemas', async () => {
    const { app } = serving(flight, (_c, { params }) => params)
    const [id, flightId] = [crypto.randomUUID(), crypto.randomUUID()]
    const response = await app.request(`/${fillPath(flight.path, { id, flightId, size: 'thumb' })}`, { method: 'POST', body: '{"note":"hi"}' })
    expect(await response.json()).toEqual({ status: 'OK', data: { id, flightId, size: 'thumb' } })
  })

  it('answer 404 "<what it names> not found" for text that cannot name anything, before the handler runs', async () => {
    const handler = vi.fn(() => ({ id: '', flightId: '', size: '' }))
    const { app } = serving(flight, handler)
    const good = { id: crypto.randomUUID(), flightId: crypto.randomUUID(), size: 'display' }
    for (const [bad, names] of [
      [{ id: 'not-an-id' }, 'Campaign'],
      [{ flightId: `${crypto.randomUUID()}x` }, 'Flight'],
      [{ size: 'original' }, 'Photo'],
      // Checked in the path's order: the first that cannot name anything is the one not found.
      [{ id: MALFORMED, flightId: MALFORMED }, 'Campaign'],
    ] as const) {
      const response = await app.request(`/${fillPath(flight.path, { ...good, ...bad })}`, { method: 'POST', body: '{"note":"hi"}' })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ status: 'NOT_FOUND', message: `${names} not found` })
    }
    expect(handler).not.toHaveBeenCalled()
  })

  it('are checked after the query and the body, so a malformed id answers exactly as an unknown one', async () => {
    const handler = vi.fn(() => ({ id: '', flightId: '', size: '' }))
    const { app } = serving(flight, handler)
    const response = await app.request(`/${fillPath(flight.path, { id: 'not-an-id', flightId: 'nor-this', size: 'thumb' })}`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(400)
    expect(handler).not.toHaveBeenCalled()
  })

  it('must each have a schema that says what it names, and no other may be declared: registering such an entry fails', () => {
    const register = (endpoint: Endpoint) => () => serving(endpoint, () => new Response())
    const base = { method: 'GET', auth: 'none', data: v.null() } as const
    expect(register({ ...base, path: 'test/v1/things/:id' })).toThrow('The endpoint GET test/v1/things/:id declares no schema for its path parameter :id')
    expect(register({ ...base, path: 'test/v1/things/:id/:part', params: { id: CampaignIdParam } })).toThrow('declares no schema for its path parameter :part')
    expect(register({ ...base, path: 'test/v1/things/:id', params: { id: Uuid } })).toThrow(
      'The schema of :id of GET test/v1/things/:id does not say what it names',
    )
    expect(register({ ...base, path: 'test/v1/things', params: { id: CampaignIdParam } })).toThrow('declares a schema for :id, which its path does not have')
    expect(register({ ...base, path: 'test/v1/things/:id', params: { id: CampaignIdParam } })).not.toThrow()
  })
})

describe('the endpoint table', () => {
  const withParams = Object.entries(ENDPOINTS).filter(([, endpoint]) => endpoint.path.includes('/:'))

  it('has entries with path parameters', () => {
    expect(withParams.length).toBeGreaterThan(40)
  })

  it.each(withParams)('%s declares a schema for each parameter of its path, naming what it finds', (_name, endpoint: Endpoint) => {
    expect(Object.keys(endpoint.params ?? {}).sort()).toEqual(paramsOf(endpoint.path).sort())
    for (const schema of Object.values(endpoint.params ?? {})) expect(pathParamNames(schema)).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/)
  })

  it.each(withParams)('%s answers 404 for a parameter that cannot name anything, before its handler runs', async (_name, endpoint: Endpoint) => {
    const handler = vi.fn(() => null)
    // The route as the table states it, but for its credential, query and body, which come first and are tested elsewhere.
    const { app } = serving({ method: endpoint.method, path: endpoint.path, auth: 'none', params: endpoint.params, data: v.null() }, handler)
    const schemas = Object.entries(endpoint.params ?? {})
    const good = Object.fromEntries(schemas.map(([name, schema]) => [name, wellFormed(schema) ?? '']))
    for (const [name, schema] of schemas) {
      const response = await app.request(`/${fillPath(endpoint.path, { ...good, [name]: MALFORMED })}`, { method: endpoint.method })
      expect(response.status, name).toBe(404)
      expect(await response.json()).toEqual({ status: 'NOT_FOUND', message: `${pathParamNames(schema)} not found` })
    }
    expect(handler).not.toHaveBeenCalled()
    // Well-formed, they reach the handler.
    expect((await app.request(`/${fillPath(endpoint.path, good)}`, { method: endpoint.method })).status).toBe(200)
    expect(handler).toHaveBeenCalledOnce()
  })

  it('registers every entry: none leaves a path parameter without a schema', () => {
    const register = routeRegistrar(new Hono<SuiteEnv>(), deps)
    for (const endpoint of Object.values(ENDPOINTS) as Endpoint[]) expect(() => register(endpoint, () => new Response())).not.toThrow()
  })
})

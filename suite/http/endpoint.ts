// Every route is registered from its entry in the contract's endpoint table (contract/endpoints.ts):
// method, path, credential, recent sign-in, query, body and path parameter parsing and the bot
// check come from the entry, and the data a handler answers with is typed by the entry's response
// schema. A route cannot take a query, a body, a path parameter or a credential other than the
// ones the portal is told about.
import type { Hono, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { EmptyQuerySchema } from '../../contract/common'
import type { BodyOutput, Credential, DataInput, Endpoint, ParamsOutput, QueryOutput } from '../../contract/endpoints'
import { pathParamNames, type PathParamSchema } from '../../contract/path-params'
import type { SuiteDeps } from '../deps'
import { brandAuth, identityAuth, memberAuth, notWhileSuspended, optionalMemberAuth, recentSignIn, staffAuth } from './auth'
import { botCheck } from './bot-check'
import { ApiError, notFound } from './errors'
import { requestLog } from './log'
import type { SuiteContext, SuiteEnv } from './env'
import { parseBody, parseQuery } from './validate'

/** What a handler receives, parsed with the entry's schemas. */
export type RouteInput<E extends Endpoint> = {
  body: BodyOutput<E>
  query: QueryOutput<E>
  params: ParamsOutput<E>
}

/**
 * The `data` of the OK answer, typed by the entry's schema (a status other than 200 is set with
 * `c.status`), or a Response made by hand for answers that are not JSON (files, images).
 */
export type RouteAnswer<E extends Endpoint> = DataInput<E> | Response

export type RouteHandler<E extends Endpoint> = (c: SuiteContext, input: RouteInput<E>) => RouteAnswer<E> | Promise<RouteAnswer<E>>

export interface RouteOptions {
  /** Runs after the credential is settled and before the query and body are read (size and rate limits). */
  before?: MiddlewareHandler<SuiteEnv>[]
}

/** A function that registers one endpoint's route on the app. */
export type RegisterRoute = <E extends Endpoint>(endpoint: E, handler: RouteHandler<E>, options?: RouteOptions) => void

/**
 * A refusal carries only a reason its endpoint declares (its entry's `refusals`), which is what the
 * portal's handling is type-checked against: another is dropped from the answer, and logged as the
 * bug it is.
 */
function declaredOnly(deps: SuiteDeps, endpoint: Endpoint, error: unknown, c: SuiteContext): unknown {
  if (!(error instanceof ApiError) || !error.reason || endpoint.refusals?.includes(error.reason.code)) return error
  requestLog(deps, c).error({ reason: error.reason.code, endpoint: `${endpoint.method} ${endpoint.path}` }, 'refusal reason not declared by its endpoint')
  return new ApiError(error.code, error.message, error.fields, error.retryAfter)
}

/**
 * Every `:name` of the path has a schema in the entry that says what it names, and the entry
 * declares no other: none is left unchecked by omission. The checks, in the path's order.
 */
function paramChecks(endpoint: Endpoint): [name: string, schema: PathParamSchema, names: string][] {
  const inPath = endpoint.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))
  const route = `${endpoint.method} ${endpoint.path}`
  for (const declared of Object.keys(endpoint.params ?? {})) {
    if (!inPath.includes(declared)) throw new Error(`The endpoint ${route} declares a schema for :${declared}, which its path does not have`)
  }
  return inPath.map((name) => {
    const schema = endpoint.params?.[name]
    if (!schema) throw new Error(`The endpoint ${route} declares no schema for its path parameter :${name}`)
    const names = pathParamNames(schema)
    if (!names) throw new Error(`The schema of :${name} of ${route} does not say what it names (contract/path-params.ts)`)
    return [name, schema, names]
  })
}

/**
 * The path's parameters, parsed with the entry's schemas. Text a schema refuses cannot name
 * anything: 404 "<what it names> not found", the answer the handler gives an unknown one.
 */
function parseParams(checks: ReturnType<typeof paramChecks>, raw: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [name, schema, names] of checks) {
    const result = v.safeParse(schema, raw[name])
    if (!result.success) throw notFound(names)
    params[name] = result.output
  }
  return params
}

export function routeRegistrar(app: Hono<SuiteEnv>, deps: SuiteDeps): RegisterRoute {
  const credentials: Record<Exclude<Credential, 'staff'>, MiddlewareHandler<SuiteEnv>[]> = {
    none: [],
    optional: [optionalMemberAuth(deps)],
    identity: [identityAuth(deps)],
    member: [memberAuth(deps)],
    brand: [brandAuth(deps)],
  }
  const credential = (endpoint: Endpoint): MiddlewareHandler<SuiteEnv>[] => {
    if (endpoint.auth !== 'staff') return credentials[endpoint.auth]
    // A staff entry states its capability (or null, any staff role): none forgotten by omission.
    if (endpoint.capability === undefined) throw new Error(`The staff endpoint ${endpoint.method} ${endpoint.path} states no capability`)
    return [staffAuth(deps, endpoint.capability)]
  }
  const recent = recentSignIn(deps)
  const unsuspended = notWhileSuspended(deps)
  return (endpoint, handler, options = {}) => {
    const params = paramChecks(endpoint)
    const middleware = [
      ...credential(endpoint),
      // A suspended member's refused actions stop here, before any bot check, query or body.
      ...(endpoint.notWhileSuspended ? [unsuspended] : []),
      ...(endpoint.recentSignIn ? [recent] : []),
      // A protected action goes no further until its bot check has passed: a refusal changes nothing.
      ...(endpoint.bot ? [botCheck(deps, endpoint.bot)] : []),
      ...(options.before ?? []),
    ]
    // The credential comes first: a signed-out call is a 401 before its bot check, query or body fail.
    app.on(endpoint.method, [`/${endpoint.path}`], ...middleware, async (c) => {
      const query = parseQuery(c, endpoint.query ?? EmptyQuerySchema)
      const body = endpoint.body ? await parseBody(c, endpoint.body) : undefined
      // Checked last, just before the handler: a malformed id answers exactly as an unknown one.
      const input = { body, query, params: parseParams(params, c.req.param()) } as RouteInput<typeof endpoint>
      let answer: RouteAnswer<typeof endpoint>
      try {
        answer = await handler(c, input)
      } catch (error) {
        throw declaredOnly(deps, endpoint, error, c)
      }
      return answer instanceof Response ? answer : c.json({ status: 'OK' as const, data: answer })
    })
  }
}

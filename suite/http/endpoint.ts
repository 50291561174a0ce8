// Every route is registered from its entry in the contract's endpoint table (contract/endpoints.ts):
// method, path, credential, recent sign-in, query and body parsing and the bot check come from the entry, and the data
// a handler answers with is typed by the entry's response schema. A route cannot take a query, a
// body or a credential other than the ones the portal is told about.
import type { Hono, MiddlewareHandler } from 'hono'
import { EmptyQuerySchema } from '../../contract/common'
import type { BodyOutput, Credential, DataInput, Endpoint, PathParams, QueryOutput } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { brandAuth, identityAuth, memberAuth, optionalMemberAuth, recentSignIn, staffAuth } from './auth'
import { botCheck } from './bot-check'
import { ApiError } from './errors'
import { requestLog } from './log'
import type { SuiteContext, SuiteEnv } from './env'
import { parseBody, parseQuery } from './validate'

/** What a handler receives, parsed with the entry's schemas. */
export type RouteInput<E extends Endpoint> = {
  body: BodyOutput<E>
  query: QueryOutput<E>
  params: Record<PathParams<E['path']>, string>
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
  return (endpoint, handler, options = {}) => {
    const middleware = [
      ...credential(endpoint),
      ...(endpoint.recentSignIn ? [recent] : []),
      // A protected action goes no further until its bot check has passed: a refusal changes nothing.
      ...(endpoint.bot ? [botCheck(deps, endpoint.bot)] : []),
      ...(options.before ?? []),
    ]
    // The credential comes first: a signed-out call is a 401 before its bot check, query or body fail.
    app.on(endpoint.method, [`/${endpoint.path}`], ...middleware, async (c) => {
      const query = parseQuery(c, endpoint.query ?? EmptyQuerySchema)
      const body = endpoint.body ? await parseBody(c, endpoint.body) : undefined
      const input = { body, query, params: c.req.param() } as RouteInput<typeof endpoint>
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

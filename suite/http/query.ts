// Query strings are strict on every route, in one place: a route takes exactly the query
// parameters its endpoint in the contract's table declares (`query`), and none when it declares
// none. Anything else is a 400 with field errors, before the handler runs. Routes without a
// credential are checked by the app-wide middleware; routes with one right after the credential
// is verified (http/auth.ts), so a signed-out call is a 401 before it is a 400. Handlers with a
// declared query still parse it (parseQuery) for its typed value.
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type * as v from 'valibot'
import { EmptyQuerySchema } from '../../contract/common'
import { ENDPOINTS, type Credential, type Endpoint } from '../../contract/endpoints'
import type { SuiteContext, SuiteEnv } from './env'
import { parseQuery } from './validate'

interface RouteQuery {
  auth: Credential
  schema: v.GenericSchema
}

const ROUTES = new Map<string, RouteQuery>(
  Object.values<Endpoint>(ENDPOINTS).map((endpoint) => [
    `${endpoint.method} /${endpoint.path}`,
    { auth: endpoint.auth, schema: endpoint.query ?? EmptyQuerySchema },
  ]),
)

/** The endpoint of the route that will answer this request; null when no route will (404). */
function routeQueryOf(c: SuiteContext): RouteQuery | null {
  // Middleware registered with app.use() is matched as 'ALL'; the route's own handlers carry its method and path.
  const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')
  if (!route) return null
  // A served route missing from the table (the endpoint table test prevents it) takes no query.
  return ROUTES.get(`${route.method} ${route.path}`) ?? { auth: 'none', schema: EmptyQuerySchema }
}

/** Refuses a query its route's endpoint does not declare (400 with field errors); checks once per request. */
export function checkQuery(c: SuiteContext): void {
  if (c.get('queryChecked')) return
  c.set('queryChecked', true)
  const route = routeQueryOf(c)
  if (route) parseQuery(c, route.schema)
}

/** App-wide: checks the query of routes that take no credential (the others are checked in http/auth.ts). */
export function strictQuery(): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    if ((routeQueryOf(c)?.auth ?? 'none') === 'none') checkQuery(c)
    await next()
  }
}

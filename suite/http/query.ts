// Query strings are strict on every route, checked once here rather than in each handler: a route
// takes exactly the query parameters its endpoint in the contract's table declares (`query`), and
// none when it declares none. Anything else is a 400 with field errors, before authentication and
// the handler run. Handlers with a declared query still parse it (parseQuery) for its typed value.
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type * as v from 'valibot'
import { EmptyQuerySchema } from '../../contract/common'
import { ENDPOINTS, type Endpoint } from '../../contract/endpoints'
import type { SuiteEnv } from './env'
import { parseQuery } from './validate'

const QUERY_SCHEMAS = new Map<string, v.GenericSchema>(
  Object.values<Endpoint>(ENDPOINTS).map((endpoint) => [`${endpoint.method} /${endpoint.path}`, endpoint.query ?? EmptyQuerySchema]),
)

/** The query schema of the route that will answer this request; null when no route will (404). */
function querySchemaOf(c: Parameters<MiddlewareHandler<SuiteEnv>>[0]): v.GenericSchema | null {
  // Middleware registered with app.use() is matched as 'ALL'; the route's own handlers carry its method and path.
  const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')
  if (!route) return null
  // A served route missing from the table (the endpoint table test prevents it) takes no query.
  return QUERY_SCHEMAS.get(`${route.method} ${route.path}`) ?? EmptyQuerySchema
}

export function strictQuery(): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const schema = querySchemaOf(c)
    if (schema) parseQuery(c, schema)
    await next()
  }
}

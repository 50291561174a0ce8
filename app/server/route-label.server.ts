// The route a portal request took, as a label of the request metrics: the file route's pattern
// (`/$locale/reviews/$slug`), never the path with its ids, so each route is one series.
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'

/** The label of a request no route took. */
export const UNMATCHED_ROUTE = '(unmatched)'
/** Server functions are one route to the router (`/_serverFn/<id>`); see serverFunctionRoute. */
export const SERVER_FUNCTION_ROUTE = '/_serverFn/$id'
/** At most this many server functions are told apart; their number is fixed by the build. */
const MAX_SERVER_FUNCTIONS = 500

type Matcher = { getMatchedRoutes(pathname: string): readonly [unknown, unknown, { fullPath: string } | undefined] }

let matcher: Matcher | null = null

/** The pattern of the file route a page or server route request matched. */
export function pageRoute(pathname: string): string {
  // One router for the process, only to match paths (the pages' own routers are one per request).
  // It never loads a page, so it has no query client of its own to give routes.
  matcher ??= createRouter({ routeTree, trailingSlash: 'preserve', context: { queryClient: undefined as never } }) as unknown as Matcher
  const found = matcher.getMatchedRoutes(pathname)[2]
  return found ? found.fullPath : UNMATCHED_ROUTE
}

const knownFunctions = new Set<string>()

/**
 * A server function's call, named by its id (fixed per function by the build) once a call of it
 * has been answered without a failure: ids of calls that fail may be anything a client sent, and
 * are all counted as one route.
 */
export function serverFunctionRoute(pathname: string, status: number): string {
  const id = pathname.split('/')[2] ?? ''
  if (knownFunctions.has(id)) return `/_serverFn/${id}`
  if (status < 400 && /^[\w-]{1,100}$/.test(id) && knownFunctions.size < MAX_SERVER_FUNCTIONS) {
    knownFunctions.add(id)
    return `/_serverFn/${id}`
  }
  return SERVER_FUNCTION_ROUTE
}

import { createSerializationAdapter } from '@tanstack/react-router'
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { PHOTO_MAX_BYTES } from '#contract/review-photos'
import { portalTracing } from './observability/tracing-hooks'
import { compressResponse } from './server/compression'
import { finishPageResponse, isAnonymousPageRequest, isProbe } from './server/page-response'
import { createPublicPageCache } from './server/public-page-cache'
import { withSecurityHeaders } from './server/security-headers'
import { UpstreamError, type UpstreamFailure } from './upstream/upstream-result'

/**
 * What responses need on the server, loaded by the first request and reused (an import per request
 * cost each request). Imported inside the server handlers only, so none of it reaches the browser.
 */
let configModule: Promise<typeof import('./config/config.server')> | null = null
let pageModules: Promise<[typeof import('./upstream/render-deadline.server'), typeof import('./server/content-security-policy')]> | null = null

/** Server functions are same-origin calls only: a cross-site request gets 403. */
const csrfMiddleware = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

/**
 * A server function's request body is at most one photo and its envelope: a larger one, or one whose
 * length is not said up front (browsers always say it), is refused before anything reads it.
 */
const MAX_SERVER_FN_BODY = PHOTO_MAX_BYTES + 256 * 1024
function refuseOversizedBody(request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return
  const length = request.headers.get('content-length')
  if (length === null && request.headers.has('transfer-encoding')) throw new Response('A length is required', { status: 411 })
  if (length !== null && Number(length) > MAX_SERVER_FN_BODY) throw new Response('The request is too large', { status: 413 })
}

/**
 * A server function's arguments travel as JSON (a POST's body, or a GET's `payload`): arguments that
 * are not JSON are the caller's fault and are refused with 400, where the framework would fail on
 * them as a server error (500). Multipart bodies (a photo and its fields) are read by the function.
 */
async function refuseMalformedArguments(request: Request): Promise<void> {
  const read = request.method === 'GET' || request.method === 'HEAD'
  // A GET without arguments has no payload (or an empty one); a POST without arguments, no JSON body.
  const text = read
    ? new URL(request.url).searchParams.get('payload') || null
    : request.headers.get('content-type')?.includes('application/json')
      ? await request.clone().text()
      : null
  if (text === null) return
  try {
    JSON.parse(text)
  } catch {
    throw new Response('The request is malformed', { status: 400 })
  }
}

/**
 * Every response the portal makes, pages and server-function answers alike, carries the security
 * headers; and a server function's body is bounded before anything reads it. (One middleware for
 * both: each one more in the chain cost the cached public pages a measurable share of their speed.)
 */
const securityMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  const started = performance.now()
  let result: Awaited<ReturnType<typeof next>>
  try {
    if (handlerType === 'serverFn') refuseOversizedBody(request)
    // With traces on, the request's span covers all that follows: the render and its calls (observability/tracing.server.ts).
    const tracing = portalTracing()
    result = await (tracing ? tracing.request(request, handlerType, () => next()) : next())
  } catch (error) {
    // A refusal thrown as an answer (400, 411, 413) or a failure is a request answered too.
    void countRequest(request, handlerType, error instanceof Response ? error.status : 500, started)
    throw error
  }
  const { portalConfig } = await (configModule ??= import('./config/config.server'))
  const config = portalConfig()
  if (config.metrics) void countRequest(request, handlerType, result.response.status, started)
  return { ...result, response: withSecurityHeaders(result.response, config.mode === 'production') }
})

let metricsModules: Promise<[typeof import('./server/metrics.server'), typeof import('./server/route-label.server')]> | null = null

/**
 * The request counted and timed under the route it took, when the portal serves metrics
 * (METRICS_PORT): after the answer, off its path.
 */
async function countRequest(request: Request, handlerType: 'serverFn' | 'router', status: number, started: number): Promise<void> {
  const seconds = (performance.now() - started) / 1000
  const { portalConfig } = await (configModule ??= import('./config/config.server'))
  if (!portalConfig().metrics) return
  const [{ portalMetrics }, { pageRoute, serverFunctionRoute }] = await (metricsModules ??= Promise.all([
    import('./server/metrics.server'),
    import('./server/route-label.server'),
  ]))
  const { pathname } = new URL(request.url)
  portalMetrics().request(request.method, handlerType === 'serverFn' ? serverFunctionRoute(pathname, status) : pageRoute(pathname), status, seconds)
}

/** What the public page cache did for an anonymous page request, when the portal serves metrics. */
async function countPageCache(response: Response): Promise<void> {
  const [{ portalMetrics }] = await (metricsModules ??= Promise.all([import('./server/metrics.server'), import('./server/route-label.server')]))
  const outcome = response.headers.get('x-portal-cache')
  portalMetrics().pageCache(outcome === 'hit' || outcome === 'miss' ? outcome : 'bypass')
}

const publicPages = createPublicPageCache()

/** The server renders with the catalog in memory (loaded once, before the first render). */
let catalogLoaded: Promise<unknown> | null = null

/**
 * What every answer goes through after the cross-site check, in one middleware (each layer of
 * TanStack Start's chain costs every request its share): the catalog in memory before the first
 * render; a page rendered within its deadline, with its script policy and caching rules; and every
 * text answer, page or server function, compressed.
 */
const responseMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  await (catalogLoaded ??= import('./i18n/catalog.server'))
  if (handlerType !== 'router') {
    // After the cross-site check: a cross-site call is refused for that before its body is read.
    if (handlerType === 'serverFn') await refuseMalformedArguments(request)
    const result = await next()
    return { ...result, response: await compressResponse(request, result.response) }
  }
  // The balancer's probes (/healthz, /readyz) are answers about this process, not pages: no render
  // deadline, page cache or page-failure log; a 503 while the process drains is no failure.
  if (isProbe(request)) return next()
  const { portalConfig } = await (configModule ??= import('./config/config.server'))
  const [{ withRenderDeadline }, { newNonce, withPagePolicy }] = await (pageModules ??= Promise.all([
    import('./upstream/render-deadline.server'),
    import('./server/content-security-policy'),
  ]))
  const { session, mode, pageDeadlineMs, authEmulatorHost, services } = portalConfig()
  const sessionCookie = session.cookieName
  const shared = isAnonymousPageRequest(request, sessionCookie)
  // Every call the render makes to the member API shares one deadline. A page rendered without some
  // of its data (the member API did not answer) is this moment's only: no cache may keep it. The
  // router stamps the nonce on the inline scripts it writes (router.tsx); a page shared between
  // visitors allows its inline scripts by their hashes instead: its nonce would be no secret.
  const render = async () => {
    const nonce = shared ? null : newNonce()
    const { result, degraded } = await withRenderDeadline(pageDeadlineMs, async () => await next({ context: { cspNonce: nonce ?? undefined } }))
    return withPagePolicy(result.response, { nonce, noStore: degraded, authEmulatorHost, services, dev: import.meta.env.DEV })
  }
  // A shared page comes out of the cache compressed already; compression leaves it alone.
  const response = shared ? await publicPages.serve(request, render) : await render()
  if (shared && portalConfig().metrics) void countPageCache(response)
  if (response.status >= 500) {
    const { reportServerPageError } = await import('./observability/server-report.server')
    void reportServerPageError(request, response.status)
  }
  return compressResponse(request, finishPageResponse(request, response, { sessionCookie, secureCookies: mode === 'production' }))
})

/**
 * A page whose loader failed during server rendering reaches the browser with its failure intact,
 * so the browser shows the page's error and carries out the error catalogue's effect for it.
 */
const upstreamErrorAdapter = createSerializationAdapter({
  key: 'upstream-error',
  test: (value): value is UpstreamError => value instanceof UpstreamError,
  toSerializable: (error: UpstreamError): UpstreamFailure => error.failure,
  fromSerializable: (failure: UpstreamFailure) => new UpstreamError(failure),
})

export const startInstance = createStart(() => ({
  requestMiddleware: [securityMiddleware, csrfMiddleware, responseMiddleware],
  serializationAdapters: [upstreamErrorAdapter],
}))

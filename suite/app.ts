// The member API as a Hono app, built from its dependencies so tests can run it in-process.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { RECENT_SIGN_IN_SECONDS } from '../contract/auth'
import { ENDPOINTS } from '../contract/endpoints'
import type { ErrorEnvelope } from '../contract/envelope'
import type { SuiteDeps } from './deps'
import type { SuiteEnv } from './http/env'
import type { SuiteMetrics } from './metrics/registry'
import { ApiError } from './http/errors'
import { routeRegistrar } from './http/endpoint'
import { requestLog } from './http/log'
import { isStatementCancelled } from './db/statement-limits'
import { requestTracing } from './tracing'
import { registerAddressRoutes } from './routes/address'
import { registerCampaignRoutes } from './routes/campaigns'
import { registerDevRoutes } from './routes/dev'
import { registerUnsubscribeRoutes } from './routes/unsubscribe'
import { registerAccountRoutes } from './routes/account'
import { registerContentRoutes } from './routes/content'
import { registerLogRoutes } from './routes/logs'
import { registerRewardRoutes } from './routes/rewards'
import { registerOtpRoutes } from './routes/otp'
import { registerMemberRoutes } from './routes/members'
import { registerHealthRoutes } from './routes/health'
import { registerReviewPhotoRoutes } from './routes/review-photos'
import { registerProductImageRoutes } from './routes/product-images'
import { registerOpsRoutes, registerOpsWorkRoutes } from './routes/ops'
import { registerSecondFactorRoutes } from './routes/second-factor'
import { registerBrandRoutes } from './routes/brands'

/** Largest request body for everything but the log collector (which has its own, smaller limit). */
const MAX_BODY_BYTES = 64 * 1024

/** The paths of upload endpoints: their body is a file, read by their route with a limit of its own (http/upload.ts). */
const UPLOAD_PATHS = new Set(
  Object.values(ENDPOINTS).flatMap((endpoint) => {
    if (!('upload' in endpoint)) return []
    if (endpoint.path.includes(':')) throw new Error(`An upload endpoint's path must have no parameters: ${endpoint.path}`)
    return [`/${endpoint.path}`]
  }),
)

export function createSuiteApp(deps: SuiteDeps, options: { metrics?: SuiteMetrics } = {}) {
  const app = new Hono<SuiteEnv>()

  // First, so a request's time counts everything the member API does for it (metrics/registry.ts).
  if (options.metrics) app.use(options.metrics.requests)
  app.use(requestId())
  // Traces, when an OTLP endpoint is configured (tracing.ts): the request's span covers all that follows.
  const tracing = requestTracing()
  if (tracing) app.use(tracing)
  // The member API's own security headers (nosniff, no framing, HSTS, same-origin resources…).
  app.use(secureHeaders())
  // One line per request; nothing is built for it when the level leaves info lines out.
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    if (deps.logger.isLevelEnabled('info')) {
      deps.logger.info(
        {
          requestId: c.get('requestId'),
          traceId: c.get('traceId'),
          memberId: c.get('member')?.id,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
    }
  })
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes`)
    },
  })
  // GET and HEAD carry no body; asking for one would build a full Request object on every read. An
  // upload's body is a file, which its route reads with the file's own limit.
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || UPLOAD_PATHS.has(c.req.path) ? next() : limitBody(c, next)))

  // Every route comes from its entry in the contract's endpoint table (http/endpoint.ts).
  const route = routeRegistrar(app, deps)
  registerHealthRoutes(route, deps)
  registerMemberRoutes(route, deps)
  registerAddressRoutes(route, deps)
  registerCampaignRoutes(route, deps)
  registerUnsubscribeRoutes(route, deps)
  registerOtpRoutes(route, deps)
  registerAccountRoutes(route, deps)
  registerContentRoutes(route, deps)
  registerReviewPhotoRoutes(route, deps)
  registerProductImageRoutes(route, deps)
  registerRewardRoutes(route, deps)
  registerLogRoutes(route, deps)
  registerOpsRoutes(route, deps)
  registerOpsWorkRoutes(route, deps)
  registerBrandRoutes(route, deps)
  registerSecondFactorRoutes(route, deps)
  registerDevRoutes(route, deps)

  app.notFound((c) => c.json<ErrorEnvelope>({ status: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404))

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const body: ErrorEnvelope = { status: error.code, message: error.message }
      if (error.fields) body.fields = error.fields
      if (error.reason) body.reason = error.reason
      if (error.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))))
      // OAuth step-up (RFC 9470): the credential is fine, the sign-in behind it is too old for this call.
      if (error.code === 'REAUTH_REQUIRED') c.header('WWW-Authenticate', `Bearer error="insufficient_user_authentication", max_age=${RECENT_SIGN_IN_SECONDS}`)
      return c.json(body, error.httpStatus as 400)
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json<ErrorEnvelope>({ status: 'BAD_REQUEST', message: error.message || 'Bad request' }, 400)
    }
    // A statement past its time limit (statement_timeout) was cancelled by the database: the call
    // is unavailable just now, said with its reason; logged as a warning with the request.
    if (isStatementCancelled(error)) {
      requestLog(deps, c).warn({ err: error }, 'statement cancelled: past its time limit')
      return c.json<ErrorEnvelope>(
        { status: 'UNAVAILABLE', message: 'The database took too long to answer; try again in a moment', reason: { code: 'statement-timeout' } },
        503,
      )
    }
    // Internals (stack, SQL, driver messages) go to the log only; the answer carries the request id.
    const requestIdValue = c.get('requestId')
    requestLog(deps, c).error({ err: error }, 'unhandled error')
    return c.json<ErrorEnvelope>({ status: 'INTERNAL', message: `Something went wrong on our side (request ${requestIdValue})` }, 500)
  })

  return app
}

export type SuiteApp = ReturnType<typeof createSuiteApp>

import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { finishPageResponse } from './server/page-response'

/** Server functions are same-origin calls only: a cross-site request gets 403. */
const csrfMiddleware = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

const pageResponseMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  const result = await next()
  if (handlerType !== 'router') return result
  if (result.response.status >= 500) {
    const { reportServerPageError } = await import('./observability/server-report.server')
    void reportServerPageError(request, result.response.status)
  }
  const { portalConfig } = await import('./config/config.server')
  return { ...result, response: finishPageResponse(request, result.response, { sessionCookie: portalConfig().session.cookieName }) }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrfMiddleware, pageResponseMiddleware],
}))

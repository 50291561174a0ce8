import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { compressResponse } from './server/compression'
import { finishPageResponse, isAnonymousPageRequest } from './server/page-response'
import { createPublicPageCache } from './server/public-page-cache'

/** Server functions are same-origin calls only: a cross-site request gets 403. */
const csrfMiddleware = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

/** Every text response the portal renders (pages and server-function answers) leaves compressed. */
const compressionMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const result = await next()
  return { ...result, response: compressResponse(request, result.response) }
})

const publicPages = createPublicPageCache()

/** The server renders with the catalog in memory (loaded once, before the first render). */
let catalogLoaded: Promise<unknown> | null = null
const catalogMiddleware = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  await (catalogLoaded ??= import('./i18n/catalog.server'))
  return next()
})

const pageResponseMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType !== 'router') return next()
  const { portalConfig } = await import('./config/config.server')
  const sessionCookie = portalConfig().session.cookieName
  const render = async () => (await next()).response
  const response = isAnonymousPageRequest(request, sessionCookie) ? await publicPages.serve(request, render) : await render()
  if (response.status >= 500) {
    const { reportServerPageError } = await import('./observability/server-report.server')
    void reportServerPageError(request, response.status)
  }
  return finishPageResponse(request, response, { sessionCookie })
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrfMiddleware, compressionMiddleware, catalogMiddleware, pageResponseMiddleware],
}))

import { createFileRoute } from '@tanstack/react-router'
import { CATALOG_HASH, isLocale } from '~/i18n/i18n'

/**
 * Each locale's messages as sent, made once per encoding (Brotli or gzip at their high settings,
 * or none) and kept while the process runs: the catalog does not change under a running server.
 */
const sentBodies = new Map<string, Promise<Uint8Array>>()

/**
 * GET /_i18n/{hash}/{locale}/messages.json: a locale's messages for the browser. The current hash
 * is cached for a year (a new catalog has a new address); any other hash (a page of an older or
 * newer deployment) gets today's messages with no-cache, so no cache keeps them under that name.
 */
export const Route = createFileRoute('/_i18n/$hash/$locale/messages.json')({
  server: {
    handlers: {
      GET: async ({ params, request }) => {
        if (!isLocale(params.locale)) return new Response('Unknown locale', { status: 404, headers: { 'Cache-Control': 'no-store' } })
        const [{ CATALOGS }, { chooseEncoding, compressBody }] = await Promise.all([import('~/i18n/catalog.server'), import('~/server/compression')])
        const encoding = chooseEncoding(request.headers.get('accept-encoding'))
        const key = `${params.locale} ${encoding ?? 'identity'}`
        let body = sentBodies.get(key)
        if (!body) {
          const json = Buffer.from(JSON.stringify(CATALOGS[params.locale]))
          body = encoding ? compressBody(json, encoding) : Promise.resolve(json)
          sentBodies.set(key, body)
        }
        const headers = new Headers({
          'Content-Type': 'application/json',
          'Cache-Control': params.hash === CATALOG_HASH ? 'public, max-age=31536000, immutable' : 'no-cache',
          Vary: 'Accept-Encoding',
        })
        if (encoding) headers.set('Content-Encoding', encoding)
        // A copy for each answer: a response's body is its own.
        return new Response((await body).slice(), { headers })
      },
    },
  },
})

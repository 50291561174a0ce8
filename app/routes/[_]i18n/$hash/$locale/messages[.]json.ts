import { createFileRoute } from '@tanstack/react-router'
import { CATALOG_HASH, isLocale } from '~/i18n/i18n'

/**
 * GET /_i18n/{hash}/{locale}/messages.json: a locale's messages for the browser. The current hash
 * is cached for a year (a new catalog has a new address); any other hash (a page of an older or
 * newer deployment) gets today's messages with no-cache, so no cache keeps them under that name.
 */
export const Route = createFileRoute('/_i18n/$hash/$locale/messages.json')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        if (!isLocale(params.locale)) return new Response('Unknown locale', { status: 404, headers: { 'Cache-Control': 'no-store' } })
        const { CATALOGS } = await import('~/i18n/catalog.server')
        const cacheable = params.hash === CATALOG_HASH
        return Response.json(CATALOGS[params.locale], {
          headers: { 'Cache-Control': cacheable ? 'public, max-age=31536000, immutable' : 'no-cache' },
        })
      },
    },
  },
})

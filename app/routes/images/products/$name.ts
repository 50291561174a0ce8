import { createFileRoute } from '@tanstack/react-router'
import { fillPath, PUBLIC_IMAGE_PATH } from '#contract/paths'
import { isProductImageName } from '~/features/campaigns/product-image-src'

/** How long the portal waits for an image from the member API. */
const IMAGE_TIMEOUT_MS = 10_000

/**
 * Product images, proxied from the member API (which browsers cannot reach in production). Only
 * SVG names of the catalogue's form pass; the answer keeps a strict policy so an SVG opened on its
 * own cannot run script.
 */
export const Route = createFileRoute('/images/products/$name')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        if (!isProductImageName(params.name)) return new Response('Not found', { status: 404 })
        const { portalConfig } = await import('~/config/config.server')
        let upstream: Response
        try {
          upstream = await fetch(`${portalConfig().suiteUrl}/${fillPath(PUBLIC_IMAGE_PATH, { name: params.name })}`, {
            headers: { accept: 'image/svg+xml' },
            signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS),
          })
        } catch {
          return new Response('Image unavailable', { status: 502, headers: { 'Cache-Control': 'no-store' } })
        }
        if (!upstream.ok) {
          return new Response('Not found', { status: upstream.status === 404 ? 404 : 502, headers: { 'Cache-Control': 'no-store' } })
        }
        return new Response(await upstream.text(), {
          status: 200,
          headers: {
            'Content-Type': 'image/svg+xml; charset=utf-8',
            'Cache-Control': 'public, max-age=86400',
            'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
            'X-Content-Type-Options': 'nosniff',
          },
        })
      },
    },
  },
})

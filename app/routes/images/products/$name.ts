import { createFileRoute } from '@tanstack/react-router'
import { isProductImageName } from '~/components/catalogue/product-image-src'

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
        // Loaded here: the route module is part of the browser's route tree, the member API call is not.
        const [{ callEndpoint }, { ENDPOINTS }] = await Promise.all([import('~/upstream/suite-client.server'), import('#contract/endpoints')])
        const result = await callEndpoint(ENDPOINTS.publicImage, { params: { name: params.name }, timeoutMs: IMAGE_TIMEOUT_MS })
        if (!result.ok) {
          const missing = result.failure.kind === 'not-found' || result.failure.kind === 'forbidden'
          return new Response(missing ? 'Not found' : 'Image unavailable', { status: missing ? 404 : 502, headers: { 'Cache-Control': 'no-store' } })
        }
        return new Response(Buffer.from(result.data, 'base64').toString('utf8'), {
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

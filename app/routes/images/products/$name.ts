import { createFileRoute } from '@tanstack/react-router'
import { isProductImageName, uploadedImageOf } from '~/components/catalogue/product-image-src'

/** How long the portal waits for an image from the member API. */
const IMAGE_TIMEOUT_MS = 10_000

const gone = (status: 404 | 502) => new Response(status === 404 ? 'Not found' : 'Image unavailable', { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * Product images, proxied from the member API (which browsers cannot reach in production): the demo
 * catalogue's SVGs by name, and uploaded images as `<id>-display.jpg` or `<id>-thumb.jpg`. No other
 * name passes. An SVG keeps a strict policy so that, opened on its own, it cannot run script; an
 * uploaded image is a JPEG the member API encoded itself, and an id's bytes never change.
 */
export const Route = createFileRoute('/images/products/$name')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const uploaded = uploadedImageOf(params.name)
        if (!uploaded && !isProductImageName(params.name)) return new Response('Not found', { status: 404 })
        // Loaded here: the route module is part of the browser's route tree, the member API call is not.
        const [{ callEndpoint }, { ENDPOINTS }] = await Promise.all([import('~/upstream/suite-client.server'), import('#contract/endpoints')])
        const result = uploaded
          ? await callEndpoint(ENDPOINTS.publicProductImage, { params: { id: uploaded.id, size: uploaded.size }, timeoutMs: IMAGE_TIMEOUT_MS })
          : await callEndpoint(ENDPOINTS.publicImage, { params: { name: params.name }, timeoutMs: IMAGE_TIMEOUT_MS })
        if (!result.ok) return gone(result.failure.kind === 'not-found' || result.failure.kind === 'forbidden' ? 404 : 502)
        if (uploaded) {
          return new Response(Buffer.from(result.data, 'base64'), {
            status: 200,
            headers: {
              'Content-Type': 'image/jpeg',
              'Cache-Control': 'public, max-age=86400',
              'Content-Security-Policy': "default-src 'none'",
              'X-Content-Type-Options': 'nosniff',
            },
          })
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

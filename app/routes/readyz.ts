import { createFileRoute } from '@tanstack/react-router'

const answer = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/**
 * Readiness: the portal can serve pages, which needs the member API (SUITE_URL) ready too; a load
 * balancer sends a portal process requests only while this answers 200. A process that was told to
 * stop answers 503 while it drains (app/server/shutdown.ts).
 */
export const Route = createFileRoute('/readyz')({
  server: {
    handlers: {
      GET: async () => {
        const [{ portalConfig }, { portalLifecycle }] = await Promise.all([import('~/config/config.server'), import('~/server/lifecycle')])
        if (portalLifecycle().draining) return answer(503, 'stopping')
        try {
          const upstream = await fetch(`${portalConfig().suiteUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })
          await upstream.body?.cancel()
          return upstream.ok ? answer(200, 'ready') : answer(503, 'the member API is not ready')
        } catch {
          return answer(503, 'the member API does not answer')
        }
      },
    },
  },
})

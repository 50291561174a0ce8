import { createFileRoute } from '@tanstack/react-router'

/** Liveness: the portal process answers (a load balancer or orchestrator restarts it when it does not). */
export const Route = createFileRoute('/healthz')({
  server: {
    handlers: {
      GET: () => new Response('ok\n', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } }),
    },
  },
})

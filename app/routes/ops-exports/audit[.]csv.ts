import { createFileRoute } from '@tanstack/react-router'

/** The query parameters the audit export passes on to the member API, which checks each of them. */
const FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const

/**
 * The audit log as CSV, with the filters of the console's page, for a staff person whose roles
 * grant audit:read (the member API checks it). Anyone else: 404.
 */
export const Route = createFileRoute('/ops-exports/audit.csv')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const refused = (status: number, text: string) =>
          new Response(text, { status, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } })
        const [{ callEndpoint }, { ENDPOINTS }, { memberFromRequest }] = await Promise.all([
          import('~/upstream/suite-client.server'),
          import('#contract/endpoints'),
          import('~/auth/member.server'),
        ])
        const member = await memberFromRequest()
        if (!member) return refused(404, 'Not found')
        const url = new URL(request.url)
        const query = Object.fromEntries(FILTERS.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)!]] : []))) as Record<
          string,
          string
        >
        const result = await callEndpoint(ENDPOINTS.opsAuditExport, { member, query: query as never, timeoutMs: 60_000 })
        if (!result.ok) {
          if (result.failure.kind === 'rejected') return refused(400, 'These filters are not valid.')
          return ['not-found', 'forbidden', 'unauthenticated'].includes(result.failure.kind)
            ? refused(404, 'Not found')
            : refused(502, 'The export is unavailable just now.')
        }
        return new Response(Buffer.from(result.data, 'base64'), {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        })
      },
    },
  },
})

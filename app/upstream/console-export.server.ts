// The console's CSV exports, as files the browser downloads: the signed-in person's credential is
// sent with the filters the page passed on; the member API checks the capability and the filters.
// Whoever it refuses gets a 404.
import { ENDPOINTS } from '#contract/endpoints'
import { memberFromRequest } from '~/auth/member.server'
import { callEndpoint } from './suite-client.server'

const EXPORTS = {
  audit: { endpoint: ENDPOINTS.opsAuditExport, filters: ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] },
  'pending-shipments': { endpoint: ENDPOINTS.opsPendingShipmentsCsv, filters: ['campaign'] },
} as const

/** An export may take a while on a large database. */
const EXPORT_TIMEOUT_MS = 60_000

export async function consoleExportResponse(name: keyof typeof EXPORTS, request: Request): Promise<Response> {
  const refused = (status: number, text: string) =>
    new Response(text, { status, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } })
  const member = await memberFromRequest()
  if (!member) return refused(404, 'Not found')
  const { endpoint, filters } = EXPORTS[name]
  const url = new URL(request.url)
  const query = Object.fromEntries(filters.flatMap((filter) => (url.searchParams.get(filter) ? [[filter, url.searchParams.get(filter)!]] : [])))
  // The query is checked by the member API against the entry's schema; a bad filter is a 400 there.
  const result = await callEndpoint(endpoint as (typeof EXPORTS)['audit']['endpoint'], { member, query: query as never, timeoutMs: EXPORT_TIMEOUT_MS })
  if (!result.ok) {
    if (result.failure.kind === 'rejected') return refused(400, 'These filters are not valid.')
    return ['not-found', 'forbidden', 'unauthenticated'].includes(result.failure.kind)
      ? refused(404, 'Not found')
      : refused(502, 'The export is unavailable just now.')
  }
  const qualifier = Object.values(query).length === 1 && query['campaign'] ? `${query['campaign'].replace(/[^a-z0-9-]/gi, '')}-` : ''
  return new Response(Buffer.from(result.data, 'base64'), {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${qualifier}${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

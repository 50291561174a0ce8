// The console's CSV exports, as files the browser downloads: the signed-in person's credential is
// sent with the filters the page passed on; the member API checks the capability and the filters.
// Whoever it refuses gets a 404. A request another site started is refused with a 403 before the
// session is read (crossSiteRefusal).
import { ENDPOINTS } from '#contract/endpoints'
import { memberFromRequest } from '~/auth/member.server'
import { crossSiteRefusal } from '~/server/cross-site'
import { browserAddress, browserUserAgent } from './browser-address.server'
import { callEndpoint, streamFile } from './suite-client.server'
import { refusalOf, type UpstreamFailure } from './upstream-result'

const EXPORTS = {
  audit: { endpoint: ENDPOINTS.opsAuditExport, filters: ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] },
  'pending-shipments': { endpoint: ENDPOINTS.opsPendingShipmentsCsv, filters: ['campaign'] },
} as const

/** An export may take a while on a large database. */
const EXPORT_TIMEOUT_MS = 60_000

const refused = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * The person's exports are at their limit: 429 with Retry-After, and the member API's reason as JSON
 * (`{ reason: { code: 'export-limit', limit, retryAfterSeconds } }`), which the page that started
 * the download reads to say so in its own words.
 */
function exportLimitResponse(reason: { code: 'export-limit'; retryAfterSeconds: number }): Response {
  return new Response(JSON.stringify({ reason }), {
    status: 429,
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': String(reason.retryAfterSeconds) },
  })
}

/**
 * The page a link of the portal's own was followed from (a plain download link, the photos' ZIP),
 * when the browser says so: the request is a navigation from this origin and names its page.
 */
function pageFollowedFrom(request: Request): string | null {
  if (request.headers.get('sec-fetch-site') !== 'same-origin' || request.headers.get('sec-fetch-mode') !== 'navigate') return null
  const referer = request.headers.get('referer')
  if (!referer) return null
  try {
    const page = new URL(referer)
    return page.pathname.startsWith('/') && !page.pathname.startsWith('//') ? `${page.pathname}${page.search}` : null
  } catch {
    return null
  }
}

/**
 * Past the person's limits, a link followed from one of the portal's pages leads back to that page,
 * which says why (`exportRefused`, `retryAfter` in its address); a script's request gets the 429.
 */
function exportLimitAnswer(reason: { code: 'export-limit'; limit: 'at-once' | 'per-hour'; retryAfterSeconds: number }, request: Request): Response {
  const page = pageFollowedFrom(request)
  if (!page) return exportLimitResponse(reason)
  const back = new URL(page, 'http://portal.invalid')
  back.searchParams.set('exportRefused', reason.limit)
  back.searchParams.set('retryAfter', String(reason.retryAfterSeconds))
  return new Response(null, { status: 303, headers: { Location: `${back.pathname}${back.search}`, 'Cache-Control': 'no-store' } })
}

/** Whoever the member API refuses gets a 404, bad filters a 400, an export past the person's limits a 429, anything else a 502. */
function refusal(failure: UpstreamFailure, request: Request): Response {
  const why = refusalOf<typeof ENDPOINTS.opsAuditExport>(failure)
  if (why?.code === 'export-limit') return exportLimitAnswer(why, request)
  if (failure.kind === 'rejected') return refused(400, 'These filters are not valid.')
  return ['not-found', 'forbidden', 'unauthenticated'].includes(failure.kind) ? refused(404, 'Not found') : refused(502, 'The export is unavailable just now.')
}

export async function consoleExportResponse(name: keyof typeof EXPORTS, request: Request): Promise<Response> {
  const crossSite = crossSiteRefusal(request)
  if (crossSite) return crossSite
  const member = await memberFromRequest()
  if (!member) return refused(404, 'Not found')
  const { endpoint, filters } = EXPORTS[name]
  const url = new URL(request.url)
  const query = Object.fromEntries(filters.flatMap((filter) => (url.searchParams.get(filter) ? [[filter, url.searchParams.get(filter)!]] : [])))
  // The query is checked by the member API against the entry's schema; a bad filter is a 400 there.
  const result = await callEndpoint(endpoint as (typeof EXPORTS)['audit']['endpoint'], {
    member,
    query: query as never,
    timeoutMs: EXPORT_TIMEOUT_MS,
    clientIp: await browserAddress(),
    userAgent: await browserUserAgent(),
  })
  if (!result.ok) return refusal(result.failure, request)
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

/** Staff read any campaign's reviews; a brand's users only their brand's, which the member API checks in its query. */
const REVIEW_EXPORTS = {
  staff: {
    csv: { endpoint: ENDPOINTS.opsCampaignReviewsCsv, type: 'text/csv; charset=utf-8', file: 'reviews' },
    json: { endpoint: ENDPOINTS.opsCampaignReviewsJson, type: 'application/json; charset=utf-8', file: 'reviews' },
    zip: { endpoint: ENDPOINTS.opsCampaignPhotosZip, type: 'application/zip', file: 'review-photos' },
  },
  brand: {
    csv: { endpoint: ENDPOINTS.brandCampaignReviewsCsv, type: 'text/csv; charset=utf-8', file: 'reviews' },
    json: { endpoint: ENDPOINTS.brandCampaignReviewsJson, type: 'application/json; charset=utf-8', file: 'reviews' },
    zip: { endpoint: ENDPOINTS.brandCampaignPhotosZip, type: 'application/zip', file: 'review-photos' },
  },
} as const

/**
 * A campaign's published reviews (`?campaign=<id>`), or their photos, as the file the browser downloads, passed on as
 * the member API writes it: however many reviews, the portal never holds the whole file. The member
 * API checks the capability and writes the export to the audit log, with this browser's address.
 */
export async function campaignReviewsExportResponse(
  format: 'csv' | 'json' | 'zip',
  request: Request,
  who: keyof typeof REVIEW_EXPORTS = 'staff',
): Promise<Response> {
  const crossSite = crossSiteRefusal(request)
  if (crossSite) return crossSite
  const member = await memberFromRequest()
  if (!member) return refused(404, 'Not found')
  const campaign = new URL(request.url).searchParams.get('campaign') ?? ''
  if (!/^[0-9a-f-]{36}$/i.test(campaign)) return refused(404, 'Not found')
  const { endpoint, type, file: stem } = REVIEW_EXPORTS[who][format]
  const file = await streamFile(endpoint as (typeof REVIEW_EXPORTS)['staff']['csv']['endpoint'], {
    member,
    params: { id: campaign },
    clientIp: await browserAddress(),
    userAgent: await browserUserAgent(),
  })
  if (!file.ok) return refusal(file.failure, request)
  return new Response(file.body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${stem}-${new Date().toISOString().slice(0, 10)}.${format}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

// The files the portal serves to a signed-in person refuse a request another site started, before
// the session is read; the person's own navigation and the portal's own pages are served as before.
// An export refused for the person's limits reaches the page that asked as a 429 with its reason.
import { beforeEach, describe, expect, it, vi } from 'vitest'

const memberFromRequest = vi.fn<() => Promise<unknown>>(async () => null)
const upstream = vi.fn<() => Promise<unknown>>(() => {
  throw new Error('no call without a member')
})
vi.mock('~/auth/member.server', () => ({ memberFromRequest: () => memberFromRequest() }))
vi.mock('./suite-client.server', () => ({ callEndpoint: () => upstream(), streamFile: () => upstream() }))
vi.mock('./browser-address.server', () => ({ browserAddress: async () => '203.0.113.9', browserUserAgent: async () => 'test' }))

const { consoleExportResponse, campaignReviewsExportResponse } = await import('./console-export.server')
const { photoFileResponse } = await import('./photo-file.server')

const CAMPAIGN = '6f1c2b5e-8a1d-4c3e-9b7a-2d4e6f8a0b1c'
const PHOTO = { id: '0b9d3c1e-2f4a-4b6c-8d0e-1f2a3b4c5d6e', size: 'display' }

/** Every download route's handler, with the address the browser asked for. */
const DOWNLOADS: Array<[string, (request: Request) => Promise<Response>]> = [
  ['/ops-exports/audit.csv', (request) => consoleExportResponse('audit', request)],
  ['/ops-exports/pending-shipments.csv', (request) => consoleExportResponse('pending-shipments', request)],
  ...(['csv', 'json', 'zip'] as const).flatMap((format): Array<[string, (request: Request) => Promise<Response>]> => [
    [`/ops-exports/reviews.${format}?campaign=${CAMPAIGN}`, (request) => campaignReviewsExportResponse(format, request)],
    [`/brand-exports/reviews.${format}?campaign=${CAMPAIGN}`, (request) => campaignReviewsExportResponse(format, request, 'brand')],
  ]),
  [`/images/my-review-photos/${PHOTO.id}/display`, (request) => photoFileResponse('own', PHOTO, request)],
  [`/images/ops-review-photos/${PHOTO.id}/display`, (request) => photoFileResponse('moderation', PHOTO, request)],
]

const requestFrom = (path: string, site: string | null) =>
  new Request(`http://localhost:3000${path}`, { headers: site === null ? {} : { 'sec-fetch-site': site } })

beforeEach(() => memberFromRequest.mockClear())

describe("a signed-in person's files", () => {
  it.each(DOWNLOADS)('%s refuses a request another site started, with a 403, before the session is read', async (path, handle) => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await handle(requestFrom(path, site))
      expect(response.status, site).toBe(403)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    expect(memberFromRequest).not.toHaveBeenCalled()
  })

  it.each(DOWNLOADS)(
    "%s goes on to the session check for the portal's own pages, a typed address or bookmark, and a request without the header",
    async (path, handle) => {
      for (const site of ['same-origin', 'none', null]) {
        // No session here: the usual 404.
        expect((await handle(requestFrom(path, site))).status, String(site)).toBe(404)
      }
      expect(memberFromRequest).toHaveBeenCalledTimes(3)
    },
  )
})

describe("an export past the person's limits", () => {
  it.each(DOWNLOADS.filter(([path]) => path.includes('exports')))(
    '%s answers 429 with Retry-After and the reason for the page to say',
    async (path, handle) => {
      const reason = { code: 'export-limit', limit: 'at-once', retryAfterSeconds: 30 } as const
      memberFromRequest.mockResolvedValueOnce({ uid: 'u1', credential: 'c' })
      upstream.mockResolvedValueOnce({ ok: false, failure: { kind: 'rejected', path, httpStatus: 429, message: null, fields: null, reason } })
      const response = await handle(requestFrom(path, 'same-origin'))
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(await response.json()).toEqual({ reason })
    },
  )

  it.each(DOWNLOADS.filter(([path]) => path.includes('exports')))(
    '%s leads a link followed from one of its pages back there, with the limit in its address',
    async (path, handle) => {
      const reason = { code: 'export-limit', limit: 'per-hour', retryAfterSeconds: 600 } as const
      memberFromRequest.mockResolvedValueOnce({ uid: 'u1', credential: 'c' })
      upstream.mockResolvedValueOnce({ ok: false, failure: { kind: 'rejected', path, httpStatus: 429, message: null, fields: null, reason } })
      const request = new Request(`http://localhost:3000${path}`, {
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', referer: 'http://localhost:3000/en/brand/campaigns/c1?tab=x' },
      })
      const response = await handle(request)
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/en/brand/campaigns/c1?tab=x&exportRefused=per-hour&retryAfter=600')
    },
  )
})

import { describe, expect, it, vi } from 'vitest'
import { finishPageResponse, isBot } from './page-response'

const page = (status: number) => new Response('<html>page</html>', { status, headers: { 'content-type': 'text/html' } })
const request = (path: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156') =>
  new Request(`http://localhost:3000${path}`, { headers: { 'user-agent': userAgent } })
const quietLog = () => ({ warn: vi.fn(), error: vi.fn() })

describe('isBot', () => {
  it('matches the crawler pattern, ignoring case', () => {
    for (const ua of ['Googlebot/2.1', 'Mozilla/5.0 Chrome-Lighthouse', 'facebookexternalhit/1.1', 'Google-InspectionTool', 'bingbot']) {
      expect(isBot(ua), ua).toBe(true)
    }
    expect(isBot('Mozilla/5.0 (Macintosh) Safari/605.1.15')).toBe(false)
    expect(isBot(undefined)).toBe(false)
  })
})

describe('finishPageResponse', () => {
  it('logs unknown paths as not found, but not the 404 page itself', () => {
    const log = quietLog()
    finishPageResponse(request('/en/nowhere'), page(404), { log })
    finishPageResponse(request('/404'), page(404), { log })
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.warn).toHaveBeenCalledWith('Page not found: /en/nowhere')
  })

  it('sets the locale cookie on locale routes for a year', () => {
    const response = finishPageResponse(request('/en/legal'), page(200), { log: quietLog() })
    expect(response.headers.get('set-cookie')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(finishPageResponse(request('/'), page(200), { log: quietLog() }).headers.get('set-cookie')).toBeNull()
    // Outside local mode the cookie goes over HTTPS only.
    expect(finishPageResponse(request('/en/legal'), page(200), { log: quietLog(), secureCookies: true }).headers.get('set-cookie')).toBe(
      'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    )
  })

  it('gives a bot the bare status instead of an error page, and logs', async () => {
    const log = quietLog()
    const response = finishPageResponse(request('/en/broken', 'Googlebot/2.1'), page(500), { log })
    expect(response.status).toBe(500)
    expect(await response.text()).toBe('')
    expect(log.error).toHaveBeenCalled()
  })

  it('keeps any page rendered for a member out of shared caches, and lets a CDN keep what every visitor gets', () => {
    const withSession = new Request('http://localhost:3000/en/reviews', { headers: { cookie: 'i18n_redirected=en; __session=abc' } })
    expect(finishPageResponse(withSession, page(200), { sessionCookie: '__session', log: quietLog() }).headers.get('cache-control')).toBe('private, no-store')
    expect(finishPageResponse(request('/en/reviews'), page(200), { sessionCookie: '__session', log: quietLog() }).headers.get('cache-control')).toBe(
      'public, s-maxage=60, stale-while-revalidate=300',
    )
    expect(finishPageResponse(request('/en/nowhere'), page(404), { sessionCookie: '__session', log: quietLog() }).headers.get('cache-control')).toBeNull()
    // Rendered without some of its data: no cache keeps it.
    const degraded = new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } })
    expect(finishPageResponse(request('/en/reviews'), degraded, { sessionCookie: '__session', log: quietLog() }).headers.get('cache-control')).toBe('no-store')
  })

  it('sets the locale cookie only when the browser does not have it yet', () => {
    const returning = new Request('http://localhost:3000/en/legal', { headers: { cookie: 'i18n_redirected=en' } })
    expect(finishPageResponse(returning, page(200), { log: quietLog() }).headers.get('set-cookie')).toBeNull()
  })

  it('gives a bot the normal page when nothing failed', async () => {
    const response = finishPageResponse(request('/en/reviews', 'Googlebot/2.1'), page(200), { log: quietLog() })
    expect(await response.text()).toContain('page')
  })
})

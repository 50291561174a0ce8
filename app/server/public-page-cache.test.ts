import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { isAnonymousPageRequest } from './page-response'
import { createPublicPageCache } from './public-page-cache'

const visit = (path = '/en/reviews') => new Request(`http://localhost:3000${path}`)
const rendered =
  (body = '<html>reviews</html>', status = 200) =>
  async () =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'i18n_redirected=en; Path=/' } })

describe('the public page cache', () => {
  it('renders a URL once for a burst of visitors, and again once the copy is too old', async () => {
    let now = 0
    const cache = createPublicPageCache({ ttlMs: 10_000, now: () => now })
    const render = vi.fn(rendered())
    const burst = await Promise.all(Array.from({ length: 20 }, () => cache.serve(visit(), render)))
    expect(render).toHaveBeenCalledTimes(1)
    expect(await Promise.all(burst.map((r) => r.text()))).toEqual(Array(20).fill('<html>reviews</html>'))
    // A copy never carries another visitor's cookies.
    expect(burst.every((r) => r.headers.get('set-cookie') === null)).toBe(true)
    now = 9_999
    await cache.serve(visit(), render)
    expect(render).toHaveBeenCalledTimes(1)
    now = 10_000
    await cache.serve(visit(), render)
    expect(render).toHaveBeenCalledTimes(2)
    await cache.serve(visit('/en/reviews?page=2'), render)
    expect(render).toHaveBeenCalledTimes(3)
  })

  it('sends every copy compressed for the browsers that take it, compressed once', async () => {
    const cache = createPublicPageCache()
    const page = '<html>' + 'honest reviews '.repeat(500) + '</html>'
    const render = vi.fn(rendered(page))
    const asBrowser = () => new Request('http://localhost:3000/en/reviews', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    const copies = await Promise.all(Array.from({ length: 5 }, () => cache.serve(asBrowser(), render)))
    for (const copy of copies) {
      expect(copy.headers.get('content-encoding')).toBe('br')
      expect(brotliDecompressSync(Buffer.from(await copy.arrayBuffer())).toString()).toBe(page)
    }
    expect(await (await cache.serve(visit(), render)).text()).toBe(page)
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('keeps only whole successful pages', async () => {
    const cache = createPublicPageCache()
    const failing = vi.fn(rendered('<html>oops</html>', 500))
    await cache.serve(visit('/en/broken'), failing)
    await cache.serve(visit('/en/broken'), failing)
    expect(failing).toHaveBeenCalledTimes(2)
    const redirect = vi.fn(async () => new Response(null, { status: 302, headers: { location: '/en/user/login' } }))
    expect((await cache.serve(visit('/en/member/missions'), redirect)).status).toBe(302)
    await cache.serve(visit('/en/member/missions'), redirect)
    expect(redirect).toHaveBeenCalledTimes(2)
    // A page rendered without some of its data (the member API did not answer) says no-store.
    const degraded = vi.fn(async () => new Response('<html>no lists</html>', { headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } }))
    await cache.serve(visit('/en'), degraded)
    await cache.serve(visit('/en'), degraded)
    expect(degraded).toHaveBeenCalledTimes(2)
  })

  it('holds at most its number of pages, dropping the oldest', async () => {
    const cache = createPublicPageCache({ maxEntries: 2 })
    const render = vi.fn(rendered())
    for (const path of ['/en/a', '/en/b', '/en/c', '/en/a']) await cache.serve(visit(path), render)
    expect(render).toHaveBeenCalledTimes(4)
    await cache.serve(visit('/en/c'), render)
    expect(render).toHaveBeenCalledTimes(4)
  })

  it('is for anonymous page views only', () => {
    expect(isAnonymousPageRequest(visit(), '__session')).toBe(true)
    expect(isAnonymousPageRequest(new Request('http://localhost:3000/en', { headers: { cookie: 'i18n_redirected=en' } }), '__session')).toBe(true)
    expect(isAnonymousPageRequest(new Request('http://localhost:3000/en', { headers: { cookie: 'i18n_redirected=en; __session=abc' } }), '__session')).toBe(
      false,
    )
    expect(isAnonymousPageRequest(new Request('http://localhost:3000/en', { method: 'POST' }), '__session')).toBe(false)
    expect(isAnonymousPageRequest(new Request('http://localhost:3000/en', { headers: { 'x-portal-fault': 'render' } }), '__session')).toBe(false)
  })
})

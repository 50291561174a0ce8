import { describe, expect, it } from 'vitest'
import { portalMetrics } from './metrics.server'
import { pageRoute, SERVER_FUNCTION_ROUTE, serverFunctionRoute, UNMATCHED_ROUTE } from './route-label.server'

async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = portalMetrics().registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  const { values } = await metric.get()
  return values.find((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))?.value ?? 0
}

describe('the portal metrics', () => {
  it('labels a request with the file route it took, never its path', () => {
    expect(pageRoute('/en/reviews/0b6f8f5e-5f0e-4d7e-9a55-1d2f3c4b5a69')).toBe('/$locale/reviews/$id')
    expect(pageRoute('/de/reviews/another-one')).toBe('/$locale/reviews/$id')
    expect(pageRoute('/en/ready-to-test/4711')).toBe('/$locale/ready-to-test/$id')
    expect(pageRoute('/en/about-us')).toBe('/$locale/about-us')
    expect(pageRoute('/readyz')).toBe('/readyz')
    expect(pageRoute('/images/products/abc.webp')).toBe('/images/products/$name')
    // Paths no page takes share the label of the route whose not-found page answers them, whatever they are.
    expect(pageRoute('/en/no/such/page/here')).toBe('/$locale')
    expect(pageRoute('/de/another/unknown/path')).toBe('/$locale')
    expect([UNMATCHED_ROUTE, '/']).toContain(pageRoute('/'))
  })

  it('tells server functions apart by id once one answered, and lumps failing unknown ids together', () => {
    expect(serverFunctionRoute('/_serverFn/abc123', 200)).toBe('/_serverFn/abc123')
    expect(serverFunctionRoute('/_serverFn/abc123', 500)).toBe('/_serverFn/abc123')
    expect(serverFunctionRoute('/_serverFn/made-up-by-a-client', 404)).toBe(SERVER_FUNCTION_ROUTE)
    expect(serverFunctionRoute('/_serverFn/made-up-by-a-client', 500)).toBe(SERVER_FUNCTION_ROUTE)
  })

  it('counts and times requests by method, route and status, and the page cache by outcome', async () => {
    const metrics = portalMetrics()
    // One registry per process, however many bundles ask for it.
    expect(portalMetrics()).toBe(metrics)
    const labels = { method: 'GET', route: '/$locale/reviews/$id', status: '200' }
    const before = await valueOf('http_requests_total', labels)
    metrics.request('GET', '/$locale/reviews/$id', 200, 0.042)
    expect(await valueOf('http_requests_total', labels)).toBe(before + 1)
    metrics.pageCache('hit')
    metrics.pageCache('miss')
    expect(await valueOf('portal_page_cache_requests_total', { outcome: 'hit' })).toBeGreaterThanOrEqual(1)
    const text = await metrics.registry.metrics()
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.05",method="GET",route="/$locale/reviews/$id",status="200"}')
    expect(text).toContain('portal_page_cache_requests_total{outcome="miss"}')
  })
})

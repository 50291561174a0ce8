import { QueryClient, QueryClientProvider, queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { describe, expect, it } from 'vitest'
import { useQueryData, useSuspenseQueryData } from './query-data'

const nameQuery = (enabled: boolean) =>
  queryOptions({ queryKey: ['member', 'name'], queryFn: () => Promise.resolve('fetched during the render'), staleTime: 0, enabled })

function ReadByObserver({ enabled }: { enabled: boolean }) {
  return <p>{useQuery(nameQuery(enabled)).data ?? 'none'}</p>
}
function ReadFromCache({ enabled }: { enabled: boolean }) {
  return <p>{useQueryData(nameQuery(enabled)) ?? 'none'}</p>
}

function render(element: React.ReactElement, cached: string | undefined): string {
  const client = new QueryClient()
  if (cached !== undefined) client.setQueryData(['member', 'name'], cached)
  return renderToString(<QueryClientProvider client={client}>{element}</QueryClientProvider>)
}

describe('useQueryData on the server', () => {
  // The server build reads the cache; what it renders must be what a query observer would give.
  it.each([
    ['held in the cache', 'Ada', true],
    ['held but disabled (a disabled query still shows what the cache holds)', 'Ada', false],
    ['not in the cache (nothing is fetched during a server render)', undefined, true],
  ])('renders what useQuery renders for data %s', (_, cached, enabled) => {
    const expected = render(<ReadByObserver enabled={enabled} />, cached)
    expect(render(<ReadFromCache enabled={enabled} />, cached)).toBe(expected)
    expect(expected).toContain(cached ?? 'none')
  })
})

describe('useSuspenseQueryData on the server', () => {
  const key = ['member', 'campaigns']
  const campaignsQuery = queryOptions({ queryKey: key, queryFn: () => Promise.resolve('fetched during the render'), staleTime: 0, retry: false })

  function BySuspenseQuery() {
    return <p>{useSuspenseQuery(campaignsQuery).data}</p>
  }
  function BySuspenseQueryData() {
    return <p>{useSuspenseQueryData(campaignsQuery)}</p>
  }

  /** The whole page, rendered as the server streams it (waiting for what suspends), or the error that stopped it. */
  async function serve(element: React.ReactElement, prepare: (client: QueryClient) => Promise<unknown>): Promise<string> {
    const client = new QueryClient()
    await prepare(client)
    try {
      // React's own report of the failure is left out: the test reads the failure itself.
      const { prelude } = await prerender(<QueryClientProvider client={client}>{element}</QueryClientProvider>, { onError: () => undefined })
      return await new Response(prelude).text()
    } catch (error) {
      return `failed: ${(error as Error).message}`
    }
  }

  const failing = { queryKey: key, queryFn: () => Promise.reject(new Error('member API away')), retry: false }
  // The server build reads the cache; what it renders must be what useSuspenseQuery renders.
  it.each([
    ['held in the cache', 'Ada', async (client: QueryClient) => client.setQueryData(key, 'Ada')],
    ['not in the cache (the render waits for it)', 'fetched during the render', async () => undefined],
    ['failed to load (the error boundary shows it)', 'failed: member API away', (client: QueryClient) => client.prefetchQuery(failing)],
    [
      'held, then failed to load again (what is held is shown)',
      'Ada',
      async (client: QueryClient) => {
        client.setQueryData(key, 'Ada')
        await client.prefetchQuery({ ...failing, staleTime: 0 })
      },
    ],
  ])('renders what useSuspenseQuery renders for data %s', async (_, shown, prepare) => {
    const expected = await serve(<BySuspenseQuery />, prepare)
    expect(await serve(<BySuspenseQueryData />, prepare)).toBe(expected)
    expect(expected).toContain(shown)
  })
})

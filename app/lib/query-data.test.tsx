import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useQueryData } from './query-data'

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

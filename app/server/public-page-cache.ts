import { chooseEncoding, compressBody, type Encoding } from './compression'

/**
 * Pages rendered for anonymous visitors are the same for all of them: a CDN may keep them a minute
 * (and serve a stale copy while it fetches a new one), and this process keeps each URL's render a
 * few seconds, so a burst of visitors costs one render. Never for a request with a session cookie:
 * member pages stay `private, no-store` (page-response.ts).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300'

type Stored = {
  status: number
  headers: [string, string][]
  body: Uint8Array
  storedAt: number
  /** The body compressed once per encoding, for every visitor whose browser takes it. */
  encoded: Partial<Record<Encoding, Promise<Uint8Array>>>
}

export type PublicPageCache = {
  /** The page for this request, from the cache or from `render` (once for concurrent requests of one URL). */
  serve(request: Request, render: () => Promise<Response>): Promise<Response>
  clear(): void
}

/** A response that no cache may keep. */
export function isNoStore(response: Response): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '')
}

/** Headers that belong to one response, not to every visitor who gets a copy. */
const PER_RESPONSE_HEADERS = new Set(['set-cookie', 'date', 'content-length'])

export function createPublicPageCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): PublicPageCache {
  const ttlMs = options.ttlMs ?? 10_000
  const maxEntries = options.maxEntries ?? 200
  const now = options.now ?? Date.now
  const entries = new Map<string, Stored>()
  const rendering = new Map<string, Promise<Stored | null>>()

  const toResponse = async (request: Request, stored: Stored, hit: boolean) => {
    const headers = new Headers(stored.headers)
    headers.set('x-portal-cache', hit ? 'hit' : 'miss')
    const encoding = chooseEncoding(request.headers.get('accept-encoding'))
    if (!encoding) return new Response(stored.body.slice(), { status: stored.status, headers })
    const body = await (stored.encoded[encoding] ??= compressBody(stored.body, encoding))
    headers.set('content-encoding', encoding)
    headers.append('vary', 'Accept-Encoding')
    return new Response(body.slice(), { status: stored.status, headers })
  }

  async function renderAndStore(request: Request, key: string, render: () => Promise<Response>): Promise<{ stored: Stored | null; response: Response }> {
    const response = await render()
    // Only a whole, successful page is shared; redirects, errors, not-found pages and pages that say
    // no cache may keep them (rendered without some of their data) are rendered each time.
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html') || isNoStore(response)) {
      return { stored: null, response }
    }
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE_HEADERS.has(name)) headers.push([name, value])
    })
    const stored: Stored = { status: 200, headers, body: new Uint8Array(await response.arrayBuffer()), storedAt: now(), encoded: {} }
    entries.delete(key)
    entries.set(key, stored)
    // The oldest entry goes first once the cache is full (a Map keeps insertion order).
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    return { stored, response: await toResponse(request, stored, false) }
  }

  return {
    async serve(request, render) {
      const key = request.url
      const found = entries.get(key)
      if (found && now() - found.storedAt < ttlMs) return toResponse(request, found, true)
      const pending = rendering.get(key)
      if (pending) {
        const stored = await pending
        if (stored) return toResponse(request, stored, true)
        return render()
      }
      const work = renderAndStore(request, key, render)
      rendering.set(
        key,
        work.then(
          (result) => result.stored,
          () => null,
        ),
      )
      try {
        return (await work).response
      } finally {
        rendering.delete(key)
      }
    },
    clear() {
      entries.clear()
    },
  }
}

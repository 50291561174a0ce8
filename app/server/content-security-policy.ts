import { createHash, randomBytes } from 'node:crypto'

// What a page may load and run. Scripts come from the portal itself, plus the inline scripts the
// framework writes into the page (its hydration data, React's streaming), which are allowed one by
// one: by the request's nonce on a page rendered for one browser, by their SHA-256 hashes on a page
// shared between visitors (the anonymous page cache, a CDN), where a nonce would be the same for
// everyone and so no secret. Never 'unsafe-inline' for scripts. Styles may be inline (components set
// style attributes). Every third-party origin the product uses is listed here and nowhere else.

/** The policy's parts that hold for every response, pages or not: no framing, no plugins, no base or form targets elsewhere. */
export const BASE_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'"

/** Where the browser's Firebase Auth talks to: Google's identity APIs, or the Auth emulator in local mode. */
export function identityOrigins(authEmulatorHost: string | null): string[] {
  return authEmulatorHost ? [`http://${authEmulatorHost}`] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
}

export type PagePolicyOptions = {
  /** The sources of inline scripts: `'nonce-…'` or `'sha256-…'`. */
  inlineScripts: string[]
  /** The Auth emulator (local mode), or null for Google's identity APIs. */
  authEmulatorHost: string | null
  /** The development server injects scripts of its own: no script policy there. */
  dev?: boolean
}

export function pagePolicy({ inlineScripts, authEmulatorHost, dev = false }: PagePolicyOptions): string {
  const directives = [
    "default-src 'self'",
    ...(dev ? [] : [["script-src 'self'", ...inlineScripts].join(' ')]),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...identityOrigins(authEmulatorHost)].join(' '),
    BASE_POLICY,
  ]
  return directives.join('; ')
}

/** A fresh nonce for one response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`

/** Inline scripts: a script element without a src, whatever its other attributes. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi

/** The `'sha256-…'` source of every inline script of a page (each once). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? ''
    // An empty script element is never run, so never checked.
    if (body === '') continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * The page with its full policy: allowing inline scripts by `nonce`, or, for a page shared between
 * visitors, by the hashes of the scripts it holds (the page is read whole for that, as the cache
 * reads it anyway). Any `noStore` page says no cache may keep it.
 */
export async function withPagePolicy(
  response: Response,
  options: { nonce: string | null; noStore?: boolean; authEmulatorHost: string | null; dev?: boolean },
): Promise<Response> {
  const headers = new Headers(response.headers)
  if (options.noStore) headers.set('Cache-Control', 'no-store')
  let body: BodyInit | null = response.body
  let inlineScripts: string[]
  if (options.nonce) inlineScripts = [nonceSource(options.nonce)]
  else if ((headers.get('content-type') ?? '').startsWith('text/html') && response.body) {
    const html = await response.text()
    body = html
    inlineScripts = inlineScriptHashes(html)
  } else inlineScripts = []
  headers.set('Content-Security-Policy', pagePolicy({ inlineScripts, authEmulatorHost: options.authEmulatorHost, dev: options.dev }))
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

import { createHash, randomFillSync } from 'node:crypto'

// What a page may load and run. Scripts come from the portal itself, plus the inline scripts the
// framework writes into the page (its hydration data, React's streaming), which are allowed one by
// one: by the request's nonce on a page rendered for one browser, by their SHA-256 hashes on a page
// shared between visitors (the anonymous page cache, a CDN), where a nonce would be the same for
// everyone and so no secret. Never 'unsafe-inline' for scripts. Styles may be inline (components set
// style attributes). Every third-party origin the product uses is listed here and nowhere else.

import type { BrowserServices } from '~/config/config.server'
import { withEditedHeaders } from './response-headers'

/** The policy's parts that hold for every response, pages or not: no framing, no plugins, no base or form targets elsewhere. */
export const BASE_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'"

type Directive = 'script-src' | 'connect-src' | 'img-src' | 'font-src' | 'media-src' | 'frame-src' | 'form-action'

/**
 * The origins each third-party service needs, by directive; a service's origins are in the policy
 * only while it is configured. Intercom for its EU region, reCAPTCHA v3, Google Analytics 4.
 */
const THIRD_PARTY: Record<keyof BrowserServices, Partial<Record<Directive, string[]>>> = {
  intercomAppId: {
    'script-src': ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
    'connect-src': [
      'https://via.intercom.io',
      'https://api-iam.eu.intercom.io',
      'https://api.eu.intercom.io',
      'https://api-ping.intercom.io',
      'https://nexus-europe-websocket.intercom.io',
      'wss://nexus-europe-websocket.intercom.io',
      'https://*.intercom-messenger.com',
      'wss://*.intercom-messenger.com',
      'https://uploads.intercomcdn.eu',
    ],
    'img-src': [
      'blob:',
      'https://js.intercomcdn.com',
      'https://static.intercomassets.eu',
      'https://downloads.intercomcdn.eu',
      'https://uploads.intercomusercontent.com',
      'https://gifs.intercomcdn.com',
      'https://messenger-apps.eu.intercom.io',
    ],
    'font-src': ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
    'media-src': ['https://js.intercomcdn.com', 'https://downloads.intercomcdn.eu'],
    'frame-src': ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
    'form-action': ['https://intercom.help', 'https://api-iam.eu.intercom.io'],
  },
  recaptchaSiteKey: {
    'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  gaMeasurementId: {
    'script-src': ['https://*.googletagmanager.com'],
    'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
}

/** Where the browser's Firebase Auth talks to: Google's identity APIs, or the Auth emulator in local mode. */
export function identityOrigins(authEmulatorHost: string | null): string[] {
  return authEmulatorHost ? [`http://${authEmulatorHost}`] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
}

export type PagePolicyOptions = {
  /** The sources of inline scripts: `'nonce-…'` or `'sha256-…'`. */
  inlineScripts: string[]
  /** The Auth emulator (local mode), or null for Google's identity APIs. */
  authEmulatorHost: string | null
  /** The third-party services that are on. */
  services: BrowserServices
  /** The development server injects scripts of its own: no script policy there. */
  dev?: boolean
}

export function pagePolicy({ inlineScripts, authEmulatorHost, services, dev = false }: PagePolicyOptions): string {
  const sources: Record<Directive | 'default-src' | 'style-src', string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...identityOrigins(authEmulatorHost)],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
  }
  for (const service of Object.keys(THIRD_PARTY) as Array<keyof BrowserServices>) {
    if (!services[service]) continue
    for (const [directive, origins] of Object.entries(THIRD_PARTY[service]) as Array<[Directive, string[]]>) {
      for (const origin of origins) if (!sources[directive].includes(origin)) sources[directive].push(origin)
    }
  }
  if (dev) delete (sources as Partial<typeof sources>)['script-src']
  return [
    ...Object.entries(sources).map(([directive, list]) => `${directive} ${list.join(' ')}`),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

const NONCE_BYTES = 16
/** Random bytes drawn 4 KB at a time (one call to the system's generator per 256 nonces); each part is used once. */
const randomPool = Buffer.alloc(4096)
let poolOffset = randomPool.length

/** A fresh nonce for one response: 16 bytes from the system's cryptographic generator, never reused. */
export function newNonce(): string {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomFillSync(randomPool)
    poolOffset = 0
  }
  const nonce = randomPool.toString('base64', poolOffset, poolOffset + NONCE_BYTES)
  poolOffset += NONCE_BYTES
  return nonce
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
  options: { nonce: string | null; noStore?: boolean; authEmulatorHost: string | null; services: BrowserServices; dev?: boolean },
): Promise<Response> {
  const policy = (inlineScripts: string[]) => (headers: Headers) => {
    if (options.noStore) headers.set('Cache-Control', 'no-store')
    headers.set(
      'Content-Security-Policy',
      pagePolicy({ inlineScripts, authEmulatorHost: options.authEmulatorHost, services: options.services, dev: options.dev }),
    )
  }
  if (options.nonce) return withEditedHeaders(response, policy([nonceSource(options.nonce)]))
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || !response.body) return withEditedHeaders(response, policy([]))
  // A page shared between visitors: its inline scripts are allowed by their hashes, read from the page.
  const html = await response.text()
  const headers = new Headers(response.headers)
  policy(inlineScriptHashes(html))(headers)
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}

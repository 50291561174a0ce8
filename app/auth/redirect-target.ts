import { withoutSecrets } from '~/lib/address-secrets'
import { localePath } from '~/lib/locale'
/** Where a member lands after sign-in when no (acceptable) `redirect` is given. */
export const AFTER_SIGN_IN = localePath('/member/campaigns')

/**
 * The `redirect` target, without any secret of its address (lib/address-secrets.ts), if it is a
 * local path of this site, else the default. Rejects absolute and
 * protocol-relative URLs (`https://evil.example`, `//evil.example`, `/\evil.example`), so a link
 * to our login page cannot send a member elsewhere after signing in.
 */
export function safeRedirectTarget(target: string | null | undefined, fallback: string = AFTER_SIGN_IN): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  try {
    const base = 'http://portal.invalid'
    const url = new URL(target, base)
    // `/.//evil.example` and the like normalise to a protocol-relative `//evil.example`.
    if (url.origin !== base || url.pathname.startsWith('//')) return fallback
    // Sign-in pages are no place to return to after signing in.
    if (/^\/[a-z]{2}\/user\/(login|register)\b/.test(url.pathname)) return fallback
    // Never to an address that carries a secret: the token of a link is the page's, not a redirect's.
    return withoutSecrets(`${url.pathname}${url.search}${url.hash}`)
  } catch {
    return fallback
  }
}

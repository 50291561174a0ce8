// Headers every portal response carries: the page may not be framed (clickjacking on Redeem or
// Save), content types are not sniffed, referrers leave the site as an origin only, powerful
// browser features are off, and in production the browser keeps to HTTPS. A response that set one
// of these itself (a page's full policy, a product image's own) keeps its own.

import { BASE_POLICY } from './content-security-policy'
import { withEditedHeaders } from './response-headers'

export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': BASE_POLICY,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ...(production ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

export function withSecurityHeaders(response: Response, production: boolean): Response {
  return withEditedHeaders(response, (headers) => {
    for (const [name, value] of Object.entries(securityHeaders(production))) if (!headers.has(name)) headers.set(name, value)
  })
}

import { describe, expect, it } from 'vitest'
import { withSecurityHeaders } from './security-headers'

describe('security headers', () => {
  it('forbid framing and sniffing, trim referrers and turn features off; HSTS in production only', async () => {
    const local = withSecurityHeaders(new Response('<p>hi</p>', { status: 201, headers: { 'content-type': 'text/html' } }), false)
    expect(local.status).toBe(201)
    expect(await local.text()).toBe('<p>hi</p>')
    expect(local.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(local.headers.get('x-frame-options')).toBe('DENY')
    expect(local.headers.get('x-content-type-options')).toBe('nosniff')
    expect(local.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(local.headers.get('permissions-policy')).toContain('camera=()')
    expect(local.headers.get('strict-transport-security')).toBeNull()
    expect(withSecurityHeaders(new Response(''), true).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('leave a policy the response set itself', () => {
    const image = withSecurityHeaders(new Response('<svg/>', { headers: { 'content-security-policy': "default-src 'none'" } }), false)
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'")
  })
})

import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, newNonce, pagePolicy, withPagePolicy } from './content-security-policy'

const NONE = { intercomAppId: null, recaptchaSiteKey: null, gaMeasurementId: null }
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const scriptSrc = (policy: string | null) => policy?.split('; ').find((part) => part.startsWith('script-src ')) ?? ''

const page = `<!DOCTYPE html><html><head><script nonce="abc">self.$R = []</script><script type="module" src="/assets/index.js"></script></head>
<body><script>window.$_TSR.h()</script><script></script><SCRIPT data-x="1">one()</SCRIPT></body></html>`

describe('the pages’ Content-Security-Policy', () => {
  it('hashes each inline script of a page, never a script loaded from a file nor an empty one', () => {
    expect(inlineScriptHashes(page)).toEqual([sha256('self.$R = []'), sha256('window.$_TSR.h()'), sha256('one()')])
  })

  it('allows scripts from the portal and the inline ones named, never any inline script', () => {
    const policy = pagePolicy({ inlineScripts: ["'nonce-abc'"], authEmulatorHost: null, services: NONE })
    expect(scriptSrc(policy)).toBe("script-src 'self' 'nonce-abc'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com")
    expect(pagePolicy({ inlineScripts: [], authEmulatorHost: '127.0.0.1:9099', services: NONE })).toContain("connect-src 'self' http://127.0.0.1:9099;")
  })

  it('lists a third party’s origins only while its service is configured', () => {
    const none = pagePolicy({ inlineScripts: [], authEmulatorHost: null, services: NONE })
    expect(none).not.toMatch(/intercom|recaptcha|googletagmanager|google-analytics/)
    const all = pagePolicy({
      inlineScripts: [],
      authEmulatorHost: null,
      services: { intercomAppId: 'abc123de', recaptchaSiteKey: 'k'.repeat(40), gaMeasurementId: 'G-TEST1234' },
    })
    expect(scriptSrc(all)).toBe(
      "script-src 'self' https://app.intercom.io https://widget.intercom.io https://js.intercomcdn.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://*.googletagmanager.com",
    )
    expect(all).toMatch(/connect-src [^;]*wss:\/\/nexus-europe-websocket\.intercom\.io[^;]*https:\/\/\*\.google-analytics\.com/)
    expect(all).toMatch(/frame-src 'self' https:\/\/intercom-sheets\.com[^;]*https:\/\/www\.google\.com\/recaptcha\//)
  })

  it('never hands out the same nonce twice, also across refills of its random bytes', () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce())
    expect(new Set(nonces).size).toBe(1000)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('gives a page for one browser its nonce, and a shared page the hashes of its scripts, body untouched', async () => {
    const html = () => new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })
    const nonce = newNonce()
    expect(nonce).not.toBe(newNonce())
    const forOne = await withPagePolicy(html(), { nonce, authEmulatorHost: null, services: NONE })
    expect(scriptSrc(forOne.headers.get('content-security-policy'))).toBe(`script-src 'self' 'nonce-${nonce}'`)
    expect(await forOne.text()).toBe(page)
    const shared = await withPagePolicy(html(), { nonce: null, noStore: true, authEmulatorHost: null, services: NONE })
    expect(scriptSrc(shared.headers.get('content-security-policy'))).toBe(`script-src 'self' ${inlineScriptHashes(page).join(' ')}`)
    expect(shared.headers.get('cache-control')).toBe('no-store')
    expect(await shared.text()).toBe(page)
  })
})

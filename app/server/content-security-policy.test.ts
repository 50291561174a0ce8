import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, newNonce, pagePolicy, withPagePolicy } from './content-security-policy'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const scriptSrc = (policy: string | null) => policy?.split('; ').find((part) => part.startsWith('script-src ')) ?? ''

const page = `<!DOCTYPE html><html><head><script nonce="abc">self.$R = []</script><script type="module" src="/assets/index.js"></script></head>
<body><script>window.$_TSR.h()</script><script></script><SCRIPT data-x="1">one()</SCRIPT></body></html>`

describe('the pages’ Content-Security-Policy', () => {
  it('hashes each inline script of a page, never a script loaded from a file nor an empty one', () => {
    expect(inlineScriptHashes(page)).toEqual([sha256('self.$R = []'), sha256('window.$_TSR.h()'), sha256('one()')])
  })

  it('allows scripts from the portal and the inline ones named, never any inline script', () => {
    const policy = pagePolicy({ inlineScripts: ["'nonce-abc'"], authEmulatorHost: null })
    expect(scriptSrc(policy)).toBe("script-src 'self' 'nonce-abc'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com")
    expect(pagePolicy({ inlineScripts: [], authEmulatorHost: '127.0.0.1:9099' })).toContain("connect-src 'self' http://127.0.0.1:9099;")
  })

  it('gives a page for one browser its nonce, and a shared page the hashes of its scripts, body untouched', async () => {
    const html = () => new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })
    const nonce = newNonce()
    expect(nonce).not.toBe(newNonce())
    const forOne = await withPagePolicy(html(), { nonce, authEmulatorHost: null })
    expect(scriptSrc(forOne.headers.get('content-security-policy'))).toBe(`script-src 'self' 'nonce-${nonce}'`)
    expect(await forOne.text()).toBe(page)
    const shared = await withPagePolicy(html(), { nonce: null, noStore: true, authEmulatorHost: null })
    expect(scriptSrc(shared.headers.get('content-security-policy'))).toBe(`script-src 'self' ${inlineScriptHashes(page).join(' ')}`)
    expect(shared.headers.get('cache-control')).toBe('no-store')
    expect(await shared.text()).toBe(page)
  })
})

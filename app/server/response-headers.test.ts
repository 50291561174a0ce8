import { describe, expect, it } from 'vitest'
import { withEditedHeaders } from './response-headers'

const addPolicy = (headers: Headers) => {
  headers.set('X-Frame-Options', 'DENY')
  headers.append('Vary', 'Cookie')
}

describe('withEditedHeaders', () => {
  it("changes a response's own headers in place, body and status untouched", async () => {
    const response = new Response('<p>page</p>', { status: 201, headers: { 'content-type': 'text/html', vary: 'Accept-Encoding' } })
    const edited = withEditedHeaders(response, addPolicy)
    expect(edited).toBe(response)
    expect(edited.status).toBe(201)
    expect(edited.headers.get('x-frame-options')).toBe('DENY')
    expect(edited.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    expect(await edited.text()).toBe('<p>page</p>')
  })

  it('gives a response with immutable headers (a redirect) an edited copy, each change made once', () => {
    const redirect = Response.redirect('https://portal.example/en', 302)
    const edited = withEditedHeaders(redirect, addPolicy)
    expect(edited).not.toBe(redirect)
    expect(edited.status).toBe(302)
    expect(edited.headers.get('location')).toBe('https://portal.example/en')
    expect(edited.headers.get('x-frame-options')).toBe('DENY')
    expect(edited.headers.get('vary')).toBe('Cookie')
    expect(redirect.headers.has('x-frame-options')).toBe(false)
  })

  it('lets any other failure of the edit through', () => {
    expect(() =>
      withEditedHeaders(new Response('x'), () => {
        throw new RangeError('not a header problem')
      }),
    ).toThrow(RangeError)
  })
})

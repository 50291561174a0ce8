import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, chooseLiveEncoding, compressResponse } from './compression'

const html = '<!doctype html><html><body>' + '<p>Honest reviews from everyday testers.</p>'.repeat(200) + '</body></html>'
const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://localhost:3000/en', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const page = (body: BodyInit = html, type = 'text/html; charset=utf-8') => new Response(body, { headers: { 'content-type': type } })

/** A body written in parts over several turns of the event loop, as a streamed page is. */
function streamed(parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      for (const part of parts) {
        controller.enqueue(new TextEncoder().encode(part))
        await new Promise((r) => setTimeout(r, 5))
      }
      controller.close()
    },
  })
}

describe('compression', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding(null)).toBeNull()
    // A body compressed for one response takes Zstandard where the browser offers it.
    expect(chooseLiveEncoding('gzip, deflate, br, zstd')).toBe('zstd')
    expect(chooseLiveEncoding('gzip, br')).toBe('br')
    expect(chooseLiveEncoding('zstd;q=0, gzip')).toBe('gzip')
  })

  it('remembers each choice, the same on every request', () => {
    for (let i = 0; i < 100; i++) expect(chooseLiveEncoding(`gzip;q=0.${i % 10}, zstd`)).toBe('zstd')
    expect(chooseLiveEncoding('gzip, deflate, br, zstd')).toBe('zstd')
    expect(chooseLiveEncoding('zstd;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
  })

  it('compresses an answer whose headers cannot be changed (one fetched from elsewhere) as a copy', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg">' + '<circle r="1"/>'.repeat(100) + '</svg>'
    const fetched = await fetch(`data:image/svg+xml,${encodeURIComponent(svg)}`)
    expect(() => fetched.headers.set('x-probe', '1')).toThrow(TypeError)
    const compressed = await compressResponse(request('zstd'), fetched)
    expect(compressed.headers.get('content-encoding')).toBe('zstd')
    expect(compressed.headers.get('content-type')).toBe('image/svg+xml')
    expect(zstdDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(svg)
  })

  it('compresses a page with Brotli or gzip, keeping every byte', async () => {
    const br = await compressResponse(request('gzip, br'), page())
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(html.length / 10)
    expect(brotliDecompressSync(brBytes).toString()).toBe(html)

    const gzip = await compressResponse(request('gzip'), page())
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html)

    const zstd = await compressResponse(request('gzip, deflate, br, zstd'), page())
    expect(zstd.headers.get('content-encoding')).toBe('zstd')
    expect(zstdDecompressSync(Buffer.from(await zstd.arrayBuffer())).toString()).toBe(html)
  })

  it('keeps a page that is slow to finish streaming: its first part arrives before the last is written', async () => {
    const parts = ['<html><head></head><body>', ...Array.from({ length: 5 }, (_, i) => `<section>${'part '.repeat(300)}${i}</section>`), '</body></html>']
    // Parts 5 ms apart, and a wait of 12 ms for the whole body: the third part is read after the wait.
    const response = await compressResponse(request('gzip'), page(streamed(parts)), 12)
    expect(response.headers.get('content-length')).toBeNull()
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    const chunks = [Buffer.from(first.value!)]
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(Buffer.from(next.value))
    expect(chunks.length).toBeGreaterThan(1)
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(parts.join(''))
  })

  it('sends a body that is complete at once as one compressed piece with its length, large ones too', async () => {
    for (const body of [html, html.repeat(40)]) {
      const response = await compressResponse(request('br'), page(body))
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(response.headers.get('content-length')).toBe(String(bytes.length))
      expect(brotliDecompressSync(bytes).toString()).toBe(body)
      const zstd = await compressResponse(request('zstd'), page(body))
      expect(zstdDecompressSync(Buffer.from(await zstd.arrayBuffer())).toString()).toBe(body)
    }
  })

  it('streams Zstandard too when a page is slow to finish', async () => {
    const parts = ['<html><body>', `<p>${'slow '.repeat(400)}</p>`, `<p>${'data '.repeat(400)}</p>`, '</body></html>']
    const response = await compressResponse(request('zstd'), page(streamed(parts)), 3)
    expect(response.headers.get('content-encoding')).toBe('zstd')
    expect(response.headers.get('content-length')).toBeNull()
    expect(zstdDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(parts.join(''))
  })

  it('compresses a short text body too', async () => {
    const small = await compressResponse(
      request('br'),
      new Response('{"ok":true}', { headers: { 'content-type': 'application/json', 'content-length': '11' } }),
    )
    expect(small.headers.get('content-encoding')).toBe('br')
    expect(small.headers.get('content-length')).toBe(String((await small.clone().arrayBuffer()).byteLength))
    expect(brotliDecompressSync(Buffer.from(await small.arrayBuffer())).toString()).toBe('{"ok":true}')
  })

  it('leaves alone what should not be compressed', async () => {
    const png = new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } })
    expect(await compressResponse(request('br'), png)).toBe(png)
    const empty = new Response('', { headers: { 'content-type': 'text/plain', 'content-length': '0' } })
    expect(await compressResponse(request('br'), empty)).toBe(empty)
    const already = new Response(html, { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } })
    expect(await compressResponse(request('br'), already)).toBe(already)
    const plain = page()
    expect(await compressResponse(request(), plain)).toBe(plain)
    expect(await compressResponse(request('br', 'HEAD'), plain)).toBe(plain)
  })
})

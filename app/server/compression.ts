import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { promisify } from 'node:util'
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip as gzipCallback, type BrotliCompress, type Gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzip = promisify(gzipCallback)

/** Text worth compressing: pages, server-function answers, scripts, styles, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-tss|x-ndjson)|image\/svg\+xml)/i

export type Encoding = 'br' | 'gzip'

/** Brotli when the browser takes it (every current one does), else gzip, else nothing. */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  const offered = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
      return [name, q === undefined ? 1 : Number(q)] as const
    }),
  )
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/** A whole body compressed once (a cached page), off the main thread, for every later copy. */
export async function compressBody(body: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  return encoding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzip(body, { level: 9 })
}

function compressor(encoding: Encoding): BrotliCompress | Gzip {
  // Quality 4 and level 6: most of the gain at a fraction of the CPU of the maximum, for bodies
  // compressed anew on every request.
  return encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 })
}

/**
 * Every text response the portal renders leaves compressed when the browser accepts it. The body
 * stays a stream: what the renderer writes in one turn of the event loop is compressed and flushed
 * together, so a streamed page still arrives in parts without a zlib call per tiny chunk.
 */
export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || request.method === 'HEAD' || response.status === 204 || response.status === 304) return response
  if (response.headers.has('content-encoding') || !COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response
  // Every text body is sent compressed, small ones too (a short answer gains little, but costs
  // little, and "compressed" then holds without exceptions); only an empty body is left alone.
  if (response.headers.get('content-length') === '0') return response
  const encoding = chooseEncoding(request.headers.get('accept-encoding'))
  if (!encoding) return response

  const zip = compressor(encoding)
  const source = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
  // A renderer writes many small pieces per turn; each write to zlib is a trip to its thread, so
  // the pieces of one turn go to zlib as one buffer, followed by one flush.
  let pending: Buffer[] = []
  let scheduled = false
  const writePending = () => {
    if (pending.length === 0) return
    const piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
    pending = []
    if (!zip.write(piece)) {
      source.pause()
      zip.once('drain', () => source.resume())
    }
  }
  source.on('data', (chunk: Buffer) => {
    pending.push(chunk)
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      if (zip.writableEnded) return
      writePending()
      zip.flush()
    })
  })
  source.once('end', () => {
    writePending()
    zip.end()
  })
  source.once('error', (error) => zip.destroy(error))

  const headers = new Headers(response.headers)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  headers.append('vary', 'Accept-Encoding')
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, { status: response.status, statusText: response.statusText, headers })
}

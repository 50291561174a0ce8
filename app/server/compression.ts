import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { promisify } from 'node:util'
import { withEditedHeaders } from './response-headers'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  createZstdCompress,
  gzip as gzipCallback,
  gzipSync,
  zstdCompress,
  zstdCompressSync,
  type BrotliCompress,
  type Gzip,
  type ZstdCompress,
} from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzip = promisify(gzipCallback)
const zstd = promisify(zstdCompress)

/** Text worth compressing: pages, server-function answers, scripts, styles, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-tss|x-ndjson)|image\/svg\+xml)/i

export type Encoding = 'br' | 'gzip'
/** The encodings of a body compressed for one response: Zstandard too. */
export type LiveEncoding = Encoding | 'zstd'

/** Brotli when the browser takes it (every current one does), else gzip, else nothing. */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  return choosePrecompressed(acceptEncoding)
}

/**
 * For a body compressed anew for one response: Zstandard when the browser takes it (Chrome and
 * Firefox do), as it makes a page as small as Brotli's quality 3 in a third of the CPU; else as
 * chooseEncoding. A body compressed once for many (a cached page, the messages) stays Brotli at a
 * high quality, which is smaller.
 */
export function chooseLiveEncoding(acceptEncoding: string | null): LiveEncoding | null {
  return chooseLive(acceptEncoding)
}

/**
 * Browsers send one of a handful of Accept-Encoding values, the same on every request: each value is
 * parsed once and its choice remembered (at most 64 of them, so odd values cannot fill memory).
 */
function remembered<E extends string>(preferred: E[]): (acceptEncoding: string | null) => E | null {
  const known = new Map<string | null, E | null>()
  return (acceptEncoding) => {
    let choice = known.get(acceptEncoding)
    if (choice === undefined) {
      choice = chooseFrom(acceptEncoding, preferred)
      if (known.size >= 64) known.clear()
      known.set(acceptEncoding, choice)
    }
    return choice
  }
}
const choosePrecompressed = remembered<Encoding>(['br', 'gzip'])
const chooseLive = remembered<LiveEncoding>(['zstd', 'br', 'gzip'])

function chooseFrom<E extends string>(acceptEncoding: string | null, preferred: E[]): E | null {
  const offered = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
      return [name, q === undefined ? 1 : Number(q)] as const
    }),
  )
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
  return preferred.find(accepts) ?? null
}

/** A whole body compressed once (a cached page), off the main thread, for every later copy. */
export async function compressBody(body: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  return encoding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzip(body, { level: 9 })
}

/** Brotli's window, in bits, for a body of this many bytes: no larger than the body needs (less memory to set up per response). */
const windowBits = (bytes: number) => Math.min(22, Math.max(16, Math.ceil(Math.log2(bytes + 1))))

/** Zstandard's level for a body compressed for one response. */
const ZSTD_LEVEL = 3

function compressor(encoding: LiveEncoding): BrotliCompress | Gzip | ZstdCompress {
  // Quality 4 and levels 6 and 3: most of the gain at a fraction of the CPU of the maximum, for
  // bodies compressed anew on every request.
  if (encoding === 'zstd') return createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } })
  return encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 })
}

/** Above this many bytes a body is compressed on zlib's thread pool, so one large answer does not hold up the others. */
const COMPRESS_HERE_MAX_BYTES = 256 * 1024

/**
 * A body rendered for one request, compressed in one piece. Brotli at quality 3: for a member page
 * (30 KB of HTML) it costs half the CPU of quality 4 for 5 % more bytes. A page-sized body is
 * compressed on this thread: a trip to zlib's thread pool cost more CPU in all than the compression.
 */
async function compressOnce(body: Buffer, encoding: LiveEncoding): Promise<Buffer> {
  const here = body.length <= COMPRESS_HERE_MAX_BYTES
  if (encoding === 'zstd') {
    // The body's size told ahead lets Zstandard size its tables to it: the same bytes, about an eighth less CPU for a page.
    const options = { pledgedSrcSize: body.length, params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }
    return here ? zstdCompressSync(body, options) : zstd(body, options)
  }
  if (encoding === 'gzip') return here ? gzipSync(body, { level: 6 }) : gzip(body, { level: 6 })
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
    },
  }
  return here ? brotliCompressSync(body, options) : brotli(body, options)
}

/**
 * How long a response body may take to be complete and still leave as one compressed piece. A page
 * whose data is all loaded before it renders is complete within a few milliseconds; one still
 * waiting for something after this long goes out compressed part by part, as it is rendered.
 */
export const WHOLE_BODY_WAIT_MS = 100

type Read = ReadableStreamReadResult<Uint8Array>

/**
 * The body read until it ends or the wait is over: its parts so far, whether it ended, and the read
 * still under way when the wait ran out (its part comes next).
 */
async function readForAWhile(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  waitMs: number,
): Promise<{ parts: Uint8Array[]; ended: boolean; underWay: Promise<Read> | null }> {
  const parts: Uint8Array[] = []
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), waitMs)
  })
  try {
    for (;;) {
      const read = reader.read()
      const next = await Promise.race([read, waited])
      if (next === 'waited') return { parts, ended: false, underWay: read }
      if (next.done) return { parts, ended: true, underWay: null }
      parts.push(next.value)
    }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Every text response the portal renders leaves compressed when the browser accepts it. A body that
 * is complete within WHOLE_BODY_WAIT_MS (nearly every page and server-function answer) is
 * compressed in one piece and sent with its length: streaming it through zlib part by part cost
 * several times the CPU. A body still being written after that streams on compressed (below), so a
 * page waiting for slow data still shows its first part early.
 */
export async function compressResponse(request: Request, response: Response, waitMs = WHOLE_BODY_WAIT_MS): Promise<Response> {
  if (!response.body || request.method === 'HEAD' || response.status === 204 || response.status === 304) return response
  if (response.headers.has('content-encoding') || !COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return response
  // Every text body is sent compressed, small ones too (a short answer gains little, but costs
  // little, and "compressed" then holds without exceptions); only an empty body is left alone.
  if (response.headers.get('content-length') === '0') return response
  const encoding = chooseLiveEncoding(request.headers.get('accept-encoding'))
  if (!encoding) return response

  // The compressed answer's headers are the response's own, changed (a copy of them cost every page).
  const edited = withEditedHeaders(response, (own) => {
    own.set('content-encoding', encoding)
    own.append('vary', 'Accept-Encoding')
    own.delete('content-length')
  })
  const { headers } = edited
  const reader = (edited.body ?? response.body).getReader()
  const { parts, ended, underWay: readUnderWay } = await readForAWhile(reader, waitMs)
  if (ended) {
    const body = await compressOnce(Buffer.concat(parts), encoding)
    headers.set('content-length', String(body.length))
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  }
  // What was read so far, then the rest as the renderer writes it.
  let underWay = readUnderWay
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
    },
    async pull(controller) {
      const next = await (underWay ?? reader.read())
      underWay = null
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return new Response(compressStream(rest, encoding), { status: response.status, statusText: response.statusText, headers })
}

/**
 * A body still being written, compressed as it comes: what the renderer writes in one turn of the
 * event loop is compressed and flushed together, so the page arrives in parts without a zlib call
 * per tiny chunk.
 */
function compressStream(body: ReadableStream<Uint8Array>, encoding: LiveEncoding): ReadableStream<Uint8Array> {
  const zip = compressor(encoding)
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>)
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

  return Readable.toWeb(zip) as ReadableStream<Uint8Array>
}

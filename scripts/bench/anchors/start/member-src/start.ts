import { createMiddleware, createStart } from '@tanstack/react-start'

/** Loaded by the first request (node:zlib has no place in the browser's bundle). */
let zlib: Promise<typeof import('node:zlib')> | null = null

/**
 * Every page leaves compressed when the browser takes it, as a member page must: the whole body at
 * once with Zstandard at level 3, the portal's choice for a page, in the plainest way the stack
 * allows (the portal also streams a page that is slow to finish, which this one never is).
 */
const compression = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const result = await next()
  const { response } = result
  if (!response.body || !/\bzstd\b/.test(request.headers.get('accept-encoding') ?? '')) return result
  const { constants, zstdCompressSync } = await (zlib ??= import('node:zlib'))
  const page = Buffer.from(await response.arrayBuffer())
  const body = zstdCompressSync(page, { pledgedSrcSize: page.length, params: { [constants.ZSTD_c_compressionLevel]: 3 } })
  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'zstd')
  headers.set('content-length', String(body.length))
  headers.append('vary', 'Accept-Encoding')
  return { ...result, response: new Response(new Uint8Array(body.buffer, body.byteOffset, body.length), { status: response.status, headers }) }
})

export const startInstance = createStart(() => ({ requestMiddleware: [compression] }))

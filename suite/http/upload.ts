// The body of an upload endpoint (an entry's `upload`): a file's raw bytes, read up to a limit. Such
// paths skip the JSON body limit (app.ts) and are read here, after the credential has been checked.
import type { Context } from 'hono'

/** Reads the whole body, or calls `tooLarge` (whose error is thrown) as soon as it passes `maxBytes`. */
export async function readUpload(c: Context, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
  const body = c.req.raw.body
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    // A body without a length (chunked) is counted as it comes, and no further than the limit.
    if (total > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

// Decodes the first picture of a HEIC file in a worker thread: libheif (heic-decode, JavaScript
// and WebAssembly) decodes synchronously, and a large photo would otherwise hold the member API's
// event loop for as long as it takes. A plain JavaScript module, so it runs the same from the
// TypeScript sources (tsx, vitest) and beside a bundle. One picture per worker: the worker is
// ended afterwards, and the memory libheif grew for a large picture goes with it.
import { parentPort, workerData } from 'node:worker_threads'
import decodeHeic from 'heic-decode'

/** @param {{ bytes: Uint8Array, maxPixels: number }} job */
async function decodeFirst({ bytes, maxPixels }) {
  const images = await decodeHeic.all({ buffer: bytes })
  try {
    const first = images[0]
    if (!first) return { ok: false, message: 'No picture in the HEIC file' }
    // Refused from the header, before a pixel is decoded.
    if (first.width * first.height > maxPixels) return { ok: false, message: `${first.width}×${first.height} is more than ${maxPixels} pixels` }
    const { width, height, data } = await first.decode()
    return { ok: true, width, height, data }
  } finally {
    images.dispose()
  }
}

decodeFirst(workerData).then(
  (result) => parentPort.postMessage(result, result.ok ? [result.data.buffer] : []),
  (error) => parentPort.postMessage({ ok: false, message: String(error) }),
)

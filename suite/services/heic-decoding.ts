// HEIC pictures decoded off the event loop: each decode runs in a worker thread of its own
// (heic-decode.worker.mjs, beside this file), so the member API keeps answering other requests
// while libheif works. How many run at once is bounded by the caller (deps.imageWork).
import { Worker } from 'node:worker_threads'

/** The worker's module, found next to this one from the sources and from a bundle alike. */
export const HEIC_WORKER_URL = new URL('./heic-decode.worker.mjs', import.meta.url)

/**
 * The longest a HEIC decode may take: a phone's photo takes a second or two, a file made to keep
 * libheif busy must not hold one of the process's places for good, and the member hears back
 * within the portal's 30 s wait for an upload.
 */
export const HEIC_DECODE_TIMEOUT_MS = 20_000

export interface DecodedPicture {
  width: number
  height: number
  /** RGBA, four bytes a pixel. */
  data: Uint8Array
}

type WorkerAnswer = { ok: true; width: number; height: number; data: Uint8ClampedArray } | { ok: false; message: string }

/** The file is a HEIC container but its first picture cannot be decoded (damaged, or over the pixel limit). */
export class UndecodableHeic extends Error {
  override name = 'UndecodableHeic'
}

/**
 * The first picture of a HEIC file as RGBA pixels, decoded in a worker thread: refused
 * (UndecodableHeic) when the file holds none, when it is larger than `maxPixels` (read from the
 * header, before any pixel is decoded), cannot be decoded, or takes longer than `timeoutMs` (the
 * worker is then ended). The file's bytes are copied to the worker; the pixels come back without a copy.
 */
export function decodeHeicInWorker(bytes: Uint8Array, maxPixels: number, timeoutMs = HEIC_DECODE_TIMEOUT_MS): Promise<DecodedPicture> {
  return new Promise((resolve, reject) => {
    // A copy of exactly the file's bytes (a view may sit on a larger buffer), handed over, not cloned again.
    const own = new Uint8Array(bytes)
    const worker = new Worker(HEIC_WORKER_URL, { workerData: { bytes: own, maxPixels }, transferList: [own.buffer] })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      outcome()
      void worker.terminate()
    }
    const deadline = setTimeout(() => settle(() => reject(new UndecodableHeic(`The HEIC file did not decode within ${timeoutMs} ms`))), timeoutMs)
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() => {
        if (answer.ok)
          resolve({ width: answer.width, height: answer.height, data: new Uint8Array(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) })
        else reject(new UndecodableHeic(answer.message))
      }),
    )
    // A worker that fails to start or dies (out of memory) is no verdict on the file: an error of ours.
    worker.once('error', (error) => settle(() => reject(error)))
    worker.once('exit', (code) => settle(() => reject(new Error(`The HEIC decoding worker stopped (exit code ${code}) before answering`))))
  })
}

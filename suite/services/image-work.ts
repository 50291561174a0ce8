// How many images one member-API process decodes and re-encodes at once. Each takes a CPU and,
// for a large photo, hundreds of megabytes: past the limit uploads wait in a short line, and past
// the line they are refused at once (503, reason `image-queue-full`) instead of piling up.
import { availableParallelism } from 'node:os'
import { ApiError } from '../http/errors'

export interface ImageWork {
  /** Runs `work` once a place is free, in the order the calls came; refused when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T>
}

export interface ImageWorkLimits {
  /** Images worked on at once (IMAGE_DECODES; the number of CPUs by default). */
  concurrent: number
  /** Images that may wait for a place (IMAGE_DECODE_QUEUE); one more is refused. */
  waiting: number
}

/** Seconds a refused upload is told to wait before trying again. */
export const IMAGE_QUEUE_RETRY_SECONDS = 5

export const defaultImageWorkLimits = (): ImageWorkLimits => {
  const concurrent = availableParallelism()
  return { concurrent, waiting: 4 * concurrent }
}

export const imageQueueFull = () =>
  new ApiError('UNAVAILABLE', 'Too many images are being processed just now; nothing was stored. Try again in a moment', undefined, IMAGE_QUEUE_RETRY_SECONDS, {
    code: 'image-queue-full',
  })

/** A counting semaphore with a bounded line, for one process. */
export function imageWorkLimit(limits: ImageWorkLimits): ImageWork {
  let running = 0
  const line: Array<() => void> = []
  const release = () => {
    const next = line.shift()
    // The place passes straight to the next in line, so a newcomer cannot take it first.
    if (next) next()
    else running--
  }
  return {
    async run(work) {
      if (running < limits.concurrent) running++
      else if (line.length < limits.waiting) await new Promise<void>((resolve) => line.push(resolve))
      else throw imageQueueFull()
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}

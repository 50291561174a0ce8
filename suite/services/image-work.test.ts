// The per-process bound on image work: so many at once, a short line in order, and a refusal past it.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import { imageWorkLimit } from './image-work'

/** A piece of work that runs until the test lets it finish, and says when it started. */
function pending() {
  let finish: () => void = () => {}
  let started = false
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    work: async () => {
      started = true
      await done
    },
    finish: () => finish(),
    get started() {
      return started
    },
  }
}

/** Lets every promise that can settle do so. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('image work', () => {
  it('runs at most so many at once, lets the others wait in order, and refuses one past the line', async () => {
    const limit = imageWorkLimit({ concurrent: 2, waiting: 2 })
    const jobs = Array.from({ length: 4 }, pending)
    const runs = jobs.map((job) => limit.run(job.work))
    await settle()
    expect(jobs.map((j) => j.started)).toEqual([true, true, false, false])

    const refused = await limit.run(async () => 'never').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', httpStatus: 503, retryAfter: expect.any(Number), reason: { code: 'image-queue-full' } })

    // A place set free goes to the first in line, not to a newcomer.
    jobs[1]!.finish()
    await runs[1]
    const late = pending()
    const lateRun = limit.run(late.work)
    await settle()
    expect([...jobs.map((j) => j.started), late.started]).toEqual([true, true, true, false, false])
    jobs[0]!.finish()
    await settle()
    expect(jobs[3]!.started).toBe(true)
    expect(late.started).toBe(false)
    for (const job of [...jobs, late]) job.finish()
    await Promise.all([...runs, lateRun])
    expect(late.started).toBe(true)
  })

  it('frees the place of work that failed', async () => {
    const limit = imageWorkLimit({ concurrent: 1, waiting: 0 })
    await expect(limit.run(() => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file')
    await expect(limit.run(async () => 'next')).resolves.toBe('next')
  })
})

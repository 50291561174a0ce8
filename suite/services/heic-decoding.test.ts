// HEIC decoding in a worker thread: the pixels come back, the limits hold, and the event loop keeps
// turning while a large picture decodes.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeHeicInWorker, HEIC_WORKER_URL, UndecodableHeic } from './heic-decoding'

/**
 * gps.heic: an iPhone-like 96×64 photo. large-24mp.heic: 6000×4000 in 6 KB (even planes, encoded
 * with libheif's HEVC encoder), whose decoding keeps libheif busy for about a second.
 */
const fixture = (name: string) => readFile(new URL(`../test/fixtures/${name}`, import.meta.url))

describe('HEIC decoding', () => {
  it('finds its worker module beside it', () => {
    expect(existsSync(fileURLToPath(HEIC_WORKER_URL))).toBe(true)
  })

  it('decodes the first picture to RGBA pixels', async () => {
    const picture = await decodeHeicInWorker(await fixture('gps.heic'), 50_000_000)
    expect(picture).toMatchObject({ width: 96, height: 64 })
    expect(picture.data.byteLength).toBe(96 * 64 * 4)
  })

  it('keeps the event loop turning while a 24-megapixel picture decodes', async () => {
    const bytes = await fixture('large-24mp.heic')
    let decoded = false
    const decoding = decodeHeicInWorker(bytes, 50_000_000).then((picture) => {
      decoded = true
      return picture
    })
    // Turns of the event loop, each one waiting for the previous: on the main thread libheif would
    // run from start to end before the first of them.
    let turns = 0
    while (!decoded && turns < 50) {
      await new Promise((resolve) => setImmediate(resolve))
      turns++
    }
    expect({ decoded, turns }).toEqual({ decoded: false, turns: 50 })
    const picture = await decoding
    expect(picture).toMatchObject({ width: 6000, height: 4000 })
    expect(picture.data.byteLength).toBe(6000 * 4000 * 4)
  })

  it('refuses a picture over the pixel limit from its header, and a damaged file', async () => {
    await expect(decodeHeicInWorker(await fixture('large-24mp.heic'), 20_000_000)).rejects.toThrow(/6000×4000 is more than 20000000 pixels/)
    const damaged = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12), Buffer.from('garbage')])
    await expect(decodeHeicInWorker(damaged, 50_000_000)).rejects.toBeInstanceOf(UndecodableHeic)
  })

  it('gives up on a decode that outlasts its deadline, as unreadable', async () => {
    // A millisecond: the worker has not even started by then.
    const late = decodeHeicInWorker(await fixture('large-24mp.heic'), 50_000_000, 1)
    await expect(late).rejects.toBeInstanceOf(UndecodableHeic)
    await expect(late).rejects.toThrow(/did not decode within 1 ms/)
  })
})

import { describe, expect, it } from 'vitest'
import { exportLimitOf, recordCounter } from './export-download'

const id = (n: number) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`

describe('counting the reviews of an export as it arrives', () => {
  it('counts CSV records by the line each starts, whatever the pieces, and not line breaks inside a text', () => {
    const csv = `"Review","Rating","Title"\r\n"${id(1)}","5","Two\r\nlines"\r\n"${id(2)}","4","Fine"\r\n"${id(3)}","3","a\r\n${'x'.repeat(5)}"\r\n`
    for (const size of [1, 3, 7, 50, csv.length]) {
      const count = recordCounter('csv')
      let last = 0
      for (let i = 0; i < csv.length; i += size) last = count(csv.slice(i, i + size))
      expect(last, `pieces of ${size}`).toBe(3)
    }
  })

  it('counts JSON records, one per line, with escaped line breaks inside', () => {
    const json = `[\n${JSON.stringify({ id: id(1), text: 'a\nb' })},\n${JSON.stringify({ id: id(2), text: '{' })}\n]\n`
    const count = recordCounter('json')
    let last = 0
    for (let i = 0; i < json.length; i += 5) last = count(json.slice(i, i + 5))
    expect(last).toBe(2)
  })
})

describe("an export refused for the person's limits", () => {
  it('is read from the 429 and its reason, and any other failure is not', async () => {
    const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    const reason = { code: 'export-limit', limit: 'per-hour', retryAfterSeconds: 600 }
    expect(await exportLimitOf(answer(429, { reason }))).toEqual(reason)
    expect(await exportLimitOf(answer(429, { reason: { code: 'something-else' } }))).toBeNull()
    expect(await exportLimitOf(answer(404, { reason }))).toBeNull()
    expect(await exportLimitOf(new Response('Too many', { status: 429 }))).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { guarded } from './use-recent-sign-in'

const reauth: UpstreamResult<string> = { ok: false, failure: { kind: 'reauth-required', path: 'suite/api/members/update-profile', maxAgeSeconds: 300 } }
const saved: UpstreamResult<string> = { ok: true, data: 'saved' }

/** A call answering each time with the next of `answers`, counting its runs. */
function callAnswering(...answers: UpstreamResult<string>[]) {
  let runs = 0
  const call = async () => answers[Math.min(runs++, answers.length - 1)]!
  return { call, runs: () => runs }
}

describe('guarded', () => {
  it('passes every result but a recent-sign-in refusal through without asking', async () => {
    const rejected: UpstreamResult<string> = {
      ok: false,
      failure: { kind: 'rejected', path: 'p', httpStatus: 400, message: null, fields: { 'payout.iban': ['bad'] } },
    }
    for (const answer of [saved, rejected, { ok: false, failure: { kind: 'unauthenticated', path: 'p' } } as const]) {
      const { call, runs } = callAnswering(answer)
      let asked = false
      expect(await guarded(call, async () => ((asked = true), null))).toEqual(answer)
      expect([runs(), asked]).toEqual([1, false])
    }
  })

  it('asks once confirmed, retries the same call once and returns what it answers', async () => {
    const { call, runs } = callAnswering(reauth, saved)
    expect(await guarded(call, async (retry) => retry())).toEqual(saved)
    expect(runs()).toBe(2)
  })

  it('returns the original refusal, without a retry, when the member cancels', async () => {
    const { call, runs } = callAnswering(reauth, saved)
    expect(await guarded(call, async () => null)).toEqual(reauth)
    expect(runs()).toBe(1)
  })
})

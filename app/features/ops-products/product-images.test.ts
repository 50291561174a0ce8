import { describe, expect, it } from 'vitest'
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_REFUSED, PRODUCT_IMAGES_MAX } from '#contract/product-images'
import { isGoodAlt, pickImageFiles, problemOf } from './product-images'

const path = 'ops/v1/product-images'
type Problem = 'type' | 'size' | 'unreadable' | 'count' | 'last'
const rejected = (fields: Record<string, string[]>, httpStatus: 400 | 409 = 400, problem?: Problem) =>
  ({
    kind: 'rejected',
    path,
    httpStatus,
    message: null,
    fields,
    silent: true,
    ...(problem && { reason: { code: 'image-refused', problem } as const }),
  }) as const
const refusedFor = (problem: Problem, httpStatus: 400 | 409 = 400) => rejected({ image: [PRODUCT_IMAGE_REFUSED[problem]] }, httpStatus, problem)

describe("the console's product images", () => {
  it("word each of the member API's refusals by its reason code, never by the wording", () => {
    expect(problemOf(refusedFor('type'))).toBe('type')
    expect(problemOf(refusedFor('size'))).toBe('size')
    expect(problemOf(refusedFor('unreadable'))).toBe('unreadable')
    expect(problemOf(refusedFor('count', 409))).toBe('count')
    expect(problemOf(refusedFor('last', 409))).toBe('last')
    expect(problemOf(rejected({ image: [PRODUCT_IMAGE_REFUSED.type] }))).toBe('failed')
    expect(problemOf(rejected({ alt: ['is required'] }))).toBe('alt')
    expect(problemOf({ kind: 'not-found', path })).toBe('gone')
    expect(problemOf({ kind: 'forbidden', path, httpStatus: 403 })).toBe('forbidden')
    expect(problemOf({ kind: 'unauthenticated', path })).toBe('signed-out')
    expect(problemOf({ kind: 'unavailable', path, reason: 'timeout', httpStatus: null })).toBe('failed')
    // The member API's line of images is full: the file may go again shortly.
    expect(problemOf({ kind: 'unavailable', path, reason: 'server', httpStatus: 503, refusal: { code: 'image-queue-full' } })).toBe('busy')
    expect(problemOf({ kind: 'unavailable', path, reason: 'server', httpStatus: 503 })).toBe('failed')
  })

  it('refuse files over the size limit or past the most a product may have before sending anything', () => {
    const small = { name: 'a.jpg', size: 1000 }
    const large = { name: 'b.jpg', size: PRODUCT_IMAGE_MAX_BYTES + 1 }
    expect(pickImageFiles([small, large, small], PRODUCT_IMAGES_MAX - 2).map((p) => p.problem)).toEqual([null, 'size', null])
    expect(pickImageFiles([small, small, small], PRODUCT_IMAGES_MAX - 2).map((p) => p.problem)).toEqual([null, null, 'count'])
  })

  it('take alt text of 1 to 200 characters, spaces trimmed', () => {
    expect(isGoodAlt('  ')).toBe(false)
    expect(isGoodAlt(' A kettle ')).toBe(true)
    expect(isGoodAlt('x'.repeat(201))).toBe(false)
  })
})

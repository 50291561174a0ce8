import { describe, expect, it } from 'vitest'
import { UpstreamError } from '~/upstream/upstream-result'
import { rejectedFieldErrors } from './form'

const rejected = (fields: Record<string, string[]> | null) =>
  new UpstreamError({ kind: 'rejected', path: 'logistics/v1/members/address', httpStatus: 400, message: 'Invalid input', fields })
const message = (field: 'postalCode' | 'city') => `Check the ${field}`

describe('the member API refusing a form', () => {
  it("gives the form's own message for each field it shows, and ignores fields it does not", () => {
    expect(rejectedFieldErrors(rejected({ postalCode: ['invalid'], createdAt: ['unknown field'] }), ['postalCode', 'city'] as const, message)).toEqual({
      postalCode: 'Check the postalCode',
    })
  })

  it('is not about fields when the API named none, or failed otherwise (the catalogue answers those)', () => {
    expect(rejectedFieldErrors(rejected(null), ['postalCode'] as const, message)).toBeNull()
    expect(
      rejectedFieldErrors(new UpstreamError({ kind: 'unavailable', path: 'x', reason: 'timeout', httpStatus: null }), ['city'] as const, message),
    ).toBeNull()
    expect(rejectedFieldErrors(new Error('boom'), ['city'] as const, message)).toBeNull()
  })
})

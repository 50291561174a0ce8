import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AddressResultSchema } from '../../contract/address'
import { MemberSummarySchema } from '../../contract/members'
import { ADDRESS_PATH, API_MEMBER_PATH } from '../../contract/paths'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'

let h: Harness
let ada: TestMember
let bob: TestMember
beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember(), createTestMember()])
})
afterAll(() => h?.close())

const berlin = { name: 'Ada Lovelace', line1: 'Invalidenstraße 117', postalCode: '10115', city: 'Berlin', country: 'DE' }

describe('address', () => {
  it('starts empty, saves, replaces, and is scoped to the member', async () => {
    expect(expectOk(await call(h.app, 'GET', ADDRESS_PATH, { token: ada.bearer }), AddressResultSchema).address).toBeNull()
    const saved = expectOk(await call(h.app, 'PUT', ADDRESS_PATH, { token: ada.bearer, body: berlin }), AddressResultSchema)
    expect(saved.address).toMatchObject({ ...berlin, line2: null, region: null })
    const replaced = expectOk(
      await call(h.app, 'PUT', ADDRESS_PATH, {
        token: ada.bearer,
        body: { ...berlin, line2: 'c/o Babbage', country: 'NL', postalCode: '1012 ab', city: 'Amsterdam' },
      }),
      AddressResultSchema,
    )
    expect(replaced.address).toMatchObject({ country: 'NL', postalCode: '1012 AB', line2: 'c/o Babbage' })
    expect(expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: ada.bearer }), MemberSummarySchema).hasAddress).toBe(true)
    // Another member sees only their own (empty) address.
    expect(expectOk(await call(h.app, 'GET', ADDRESS_PATH, { token: bob.bearer }), AddressResultSchema).address).toBeNull()
  })

  it('rejects bad input with field errors and keeps the saved address', async () => {
    const bad = await call(h.app, 'PUT', ADDRESS_PATH, {
      token: ada.bearer,
      body: { ...berlin, postalCode: '1234', country: 'DE', city: '' },
    })
    const error = expectError(bad, 'BAD_REQUEST', 400)
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['city', 'postalCode'])
    expectError(await call(h.app, 'PUT', ADDRESS_PATH, { token: ada.bearer, body: { ...berlin, country: 'ZZ' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'PUT', ADDRESS_PATH, { token: ada.bearer, body: { ...berlin, extra: 1 } }), 'BAD_REQUEST', 400)
    const still = expectOk(await call(h.app, 'GET', ADDRESS_PATH, { token: ada.bearer }), AddressResultSchema)
    expect(still.address?.country).toBe('NL')
  })

  it('needs a token', async () => {
    expectError(await call(h.app, 'GET', ADDRESS_PATH), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'PUT', ADDRESS_PATH, { body: berlin }), 'UNAUTHENTICATED', 401)
  })
})

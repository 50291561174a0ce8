// For the upstream client's tests: a verified member and an answer schema of the shape the endpoint table holds.
import * as v from 'valibot'
import type { VerifiedMember } from '~/auth/member.server'

export const testMember: VerifiedMember = {
  uid: 'u1',
  email: 'm@example.com',
  emailVerified: true,
  displayName: 'M',
  phoneVerified: false,
  credential: 'session-cookie-value',
}

export const balanceSchema = v.strictObject({ balance: v.number() })

// Staff people for tests: a real Firebase user (the Auth emulator) holding the roles asked for.
import type { Role } from '../../contract/staff'
import type { Db } from '../db/client'
import { staffRoles } from '../db/schema'
import { createTestMember, type TestMember } from './members'

/** A signed-in person with these roles (none: a member without a role). */
export async function createTestStaff(db: Db, roles: Role[], options: { displayName?: string } = {}): Promise<TestMember> {
  const person = await createTestMember({ displayName: options.displayName ?? `Staff ${roles.join('+') || 'none'}`, emailVerified: true })
  if (roles.length > 0) {
    await db
      .insert(staffRoles)
      .values(roles.map((role) => ({ uid: person.uid, role, email: person.email, name: options.displayName ?? '', grantedAt: new Date(), grantedBy: 'test' })))
  }
  return person
}

// Staff people for tests: a real Firebase user (the Auth emulator) holding the roles asked for.
import type { Role } from '../../contract/staff'
import type { Db } from '../db/client'
import { sql } from 'drizzle-orm'
import { brands, brandUsers, staffRoles } from '../db/schema'
import { createTestMember, type TestMember } from './members'
import { openPass } from '../services/second-factor'

/**
 * The second-factor pass each test person's session holds, by uid: `call` sends it with their
 * credential, as the portal forwards its cookie's. A person made with `secondFactor: false` has
 * none, so their staff and brand calls are refused as a password alone would be.
 */
const passes = new Map<string, string>()
export const secondFactorPassOf = (uid: string) => passes.get(uid)

/** Gives the person's session a pass, as passing a factor does. */
export async function passSecondFactor(db: Db, uid: string): Promise<string> {
  const pass = await openPass(db, uid, 'totp', new Date())
  passes.set(uid, pass)
  return pass
}

/** A signed-in person with these roles (none: a member without a role), their address confirmed unless asked otherwise. */
export async function createTestStaff(
  db: Db,
  roles: Role[],
  options: { displayName?: string; emailVerified?: boolean; secondFactor?: false } = {},
): Promise<TestMember> {
  const person = await createTestMember({
    displayName: options.displayName ?? `Staff ${roles.join('+') || 'none'}`,
    emailVerified: options.emailVerified ?? true,
  })
  if (roles.length > 0) {
    await db
      .insert(staffRoles)
      .values(roles.map((role) => ({ uid: person.uid, role, email: person.email, name: options.displayName ?? '', grantedAt: new Date(), grantedBy: 'test' })))
  }
  if (options.secondFactor !== false) await passSecondFactor(db, person.uid)
  return person
}

/** A signed-in user of the brand of this name (added when new), as an accepted invitation makes one; address confirmed unless asked otherwise. */
export async function createTestBrandViewer(
  db: Db,
  brandName: string,
  options: { emailVerified?: boolean; secondFactor?: false } = {},
): Promise<TestMember & { brandId: string }> {
  const person = await createTestMember({ displayName: `Viewer of ${brandName}`, emailVerified: options.emailVerified ?? true })
  await db.insert(brands).values({ name: brandName }).onConflictDoNothing()
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${brandName})`)
  await db.insert(brandUsers).values({ uid: person.uid, brandId: brand!.id, email: person.email, joinedAt: new Date(), invitedBy: 'test' })
  if (options.secondFactor !== false) await passSecondFactor(db, person.uid)
  return { ...person, brandId: brand!.id }
}

// Staff people for tests: a real Firebase user (the Auth emulator) holding the roles asked for.
import type { Role } from '../../contract/staff'
import type { Db } from '../db/client'
import { sql } from 'drizzle-orm'
import { brands, brandUsers, staffRoles } from '../db/schema'
import { createTestMember, type TestMember } from './members'

/** A signed-in person with these roles (none: a member without a role), their address confirmed unless asked otherwise. */
export async function createTestStaff(db: Db, roles: Role[], options: { displayName?: string; emailVerified?: boolean } = {}): Promise<TestMember> {
  const person = await createTestMember({
    displayName: options.displayName ?? `Staff ${roles.join('+') || 'none'}`,
    emailVerified: options.emailVerified ?? true,
  })
  if (roles.length > 0) {
    await db
      .insert(staffRoles)
      .values(roles.map((role) => ({ uid: person.uid, role, email: person.email, name: options.displayName ?? '', grantedAt: new Date(), grantedBy: 'test' })))
  }
  return person
}

/** A signed-in user of the brand of this name (added when new), as an accepted invitation makes one; address confirmed unless asked otherwise. */
export async function createTestBrandViewer(db: Db, brandName: string, options: { emailVerified?: boolean } = {}): Promise<TestMember & { brandId: string }> {
  const person = await createTestMember({ displayName: `Viewer of ${brandName}`, emailVerified: options.emailVerified ?? true })
  await db.insert(brands).values({ name: brandName }).onConflictDoNothing()
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${brandName})`)
  await db.insert(brandUsers).values({ uid: person.uid, brandId: brand!.id, email: person.email, joinedAt: new Date(), invitedBy: 'test' })
  return { ...person, brandId: brand!.id }
}

// The member's one shipping address.
import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { Address, AddressInputSchema } from '../../contract/address'
import type { Country } from '../../contract/common'
import type { Executor } from '../db/client'
import { addresses } from '../db/schema'

type AddressRow = typeof addresses.$inferSelect

export function toAddress(row: AddressRow): Address {
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    postalCode: row.postalCode,
    city: row.city,
    region: row.region,
    country: row.country as Country,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function getAddress(ex: Executor, memberId: string): Promise<Address | null> {
  const [row] = await ex.select().from(addresses).where(eq(addresses.memberId, memberId))
  return row ? toAddress(row) : null
}

export async function saveAddress(
  ex: Executor,
  memberId: string,
  input: v.InferOutput<typeof AddressInputSchema>,
  now: Date,
): Promise<Address> {
  const values = {
    name: input.name,
    line1: input.line1,
    line2: input.line2 || null,
    postalCode: input.postalCode.toUpperCase(),
    city: input.city,
    region: input.region || null,
    country: input.country,
    updatedAt: now,
  }
  const [row] = await ex
    .insert(addresses)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: addresses.memberId, set: values })
    .returning()
  if (!row) throw new Error('Address not saved')
  return toAddress(row)
}

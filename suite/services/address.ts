// The member's one shipping address.
import { eq, isNull, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import type { Address, AddressInputSchema } from '../../contract/address'
import type { Country } from '../../contract/common'
import { preparedPerDatabase, type Executor } from '../db/client'
import { addresses } from '../db/schema'
import { linkByAddress, linkBySharedKey, writeKeys } from './account-links'
import { householdKey } from './normalise'
import { syncMissions } from './missions'
import type { SuiteDeps } from '../deps'

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

/** Read by the address guard on every member page's render: prepared once per database. */
const addressOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.memberId, sql.placeholder('memberId')))
    .prepare('address_of_member'),
)

export async function getAddress(ex: Executor, memberId: string): Promise<Address | null> {
  // Inside a transaction the query runs on the transaction's connection, so it is built for it.
  const [row] =
    ex instanceof PgTransaction ? await ex.select().from(addresses).where(eq(addresses.memberId, memberId)) : await addressOf(ex).execute({ memberId })
  return row ? toAddress(row) : null
}

export async function saveAddress(ex: Executor, memberId: string, input: v.InferOutput<typeof AddressInputSchema>, now: Date): Promise<Address> {
  const values = {
    name: input.name,
    line1: input.line1,
    line2: input.line2 || null,
    postalCode: input.postalCode.toUpperCase(),
    city: input.city,
    region: input.region || null,
    country: input.country,
    updatedAt: now,
    householdKey: householdKey(input),
  }
  const [row] = await ex
    .insert(addresses)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: addresses.memberId, set: values })
    .returning()
  if (!row) throw new Error('Address not saved')
  await linkByAddress(ex, memberId, now)
  return toAddress(row)
}

/** A member saves their shipping address (the address page), in one transaction with what it earns: a saved address may complete the profile mission. */
export async function saveMemberAddress(deps: SuiteDeps, memberId: string, input: v.InferOutput<typeof AddressInputSchema>): Promise<Address> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const saved = await saveAddress(tx, memberId, input, now)
    await syncMissions(tx, memberId, now)
    return saved
  })
}

/**
 * Gives every address saved before household keys existed its key (and its links to the household's
 * other accounts), a batch at a time: one statement writes a batch's keys and one links them.
 * Idempotent: only rows without a key are read, and a save writes the key itself.
 */
export async function backfillHouseholdKeys(ex: Executor, now: Date, batchSize = 1000): Promise<number> {
  let filled = 0
  for (;;) {
    const rows = await ex.select().from(addresses).where(isNull(addresses.householdKey)).limit(batchSize)
    if (rows.length === 0) return filled
    const keys = rows.map((row) => ({
      id: row.memberId,
      key: householdKey({ line1: row.line1, line2: row.line2, postalCode: row.postalCode, country: row.country as Country }),
    }))
    await writeKeys(ex, addresses, addresses.memberId, addresses.householdKey, keys)
    await linkBySharedKey(
      ex,
      'address',
      keys.map((k) => k.id),
      now,
    )
    filled += rows.length
    if (rows.length < batchSize) return filled
  }
}

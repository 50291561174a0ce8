// The member's one shipping address.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import type { Address, AddressInputSchema } from '../../contract/address'
import type { Country } from '../../contract/common'
import { preparedPerDatabase, type Executor } from '../db/client'
import { addresses } from '../db/schema'
import { backfillKeys, linkByAddress } from './account-links'
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
 * Addresses saved before household keys existed: their keys and links to the household's other
 * accounts (backfillKeys).
 */
export function backfillHouseholdKeys(ex: Executor, now: Date, batchSize = 1000): Promise<number> {
  return backfillKeys(ex, now, 'address', batchSize, {
    batchAfter: (after) =>
      ex
        .select({ id: addresses.memberId, line1: addresses.line1, line2: addresses.line2, postalCode: addresses.postalCode, country: addresses.country })
        .from(addresses)
        .where(and(isNull(addresses.householdKey), after === null ? undefined : gt(addresses.memberId, after)))
        .orderBy(asc(addresses.memberId))
        .limit(batchSize),
    keyOf: (row) => householdKey({ line1: row.line1, line2: row.line2, postalCode: row.postalCode, country: row.country as Country }),
    table: addresses,
    idColumn: addresses.memberId,
    keyColumn: addresses.householdKey,
  })
}

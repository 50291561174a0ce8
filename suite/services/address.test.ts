// The household key of a saved address: written with every save, filled in at start-up for
// addresses saved before it existed.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses, members } from '../db/schema'
import { createHarness, type Harness } from '../test/harness'
import { backfillHouseholdKeys, saveAddress } from './address'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h.close())

const OFF = { newCampaigns: false, shipmentUpdates: false, reminders: false, newsletter: false }

async function member() {
  const id = randomUUID()
  const now = h.clock.now()
  await h.deps.db.insert(members).values({
    id,
    uid: `uid-${id}`,
    email: `m-${id}@example.test`,
    referralCode: id.slice(0, 8).toUpperCase(),
    notificationSettings: { email: OFF, sms: OFF },
    createdAt: now,
    updatedAt: now,
  })
  return id
}

const keyOf = async (memberId: string) => (await h.deps.db.select().from(addresses).where(eq(addresses.memberId, memberId)))[0]?.householdKey

describe('household key', () => {
  it('is written with every save', async () => {
    const id = await member()
    await saveAddress(h.deps.db, id, { name: 'Mia', line1: 'Hauptstr. 5', postalCode: '10115', city: 'Berlin', country: 'DE' }, h.clock.now())
    expect(await keyOf(id)).toBe('DE|10115|hauptstrasse 5|')
    await saveAddress(
      h.deps.db,
      id,
      { name: 'Mia', line1: 'Hauptstraße 7', line2: 'Wohnung 2', postalCode: '10115', city: 'Berlin', country: 'DE' },
      h.clock.now(),
    )
    expect(await keyOf(id)).toBe('DE|10115|hauptstrasse 7|2')
  })

  it('is filled in for addresses saved without one', async () => {
    const ids = [await member(), await member(), await member()]
    for (const [i, id] of ids.entries()) {
      await h.deps.db.insert(addresses).values({
        memberId: id,
        name: 'Mia',
        line1: `${i + 1} Baker St`,
        line2: 'Flat 2',
        postalCode: 'sw1a 1aa',
        city: 'London',
        country: 'GB',
        updatedAt: h.clock.now(),
      })
    }
    expect(await keyOf(ids[0]!)).toBeNull()
    expect(await backfillHouseholdKeys(h.deps.db, h.clock.now(), 2)).toBeGreaterThanOrEqual(3)
    expect(await Promise.all(ids.map(keyOf))).toEqual(['GB|SW1A1AA|1 baker street|2', 'GB|SW1A1AA|2 baker street|2', 'GB|SW1A1AA|3 baker street|2'])
    expect(await backfillHouseholdKeys(h.deps.db, h.clock.now())).toBe(0)
  })
})

// Products in the console: created and edited by campaign managers with the contract's checks, a
// stale edit refused with who saved in between, each change audited.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OpsProductListSchema, OpsProductSchema } from '../../contract/authoring'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath } from '../../contract/paths'
import { auditLog } from '../db/schema'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import type { TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember
let other: TestMember

beforeAll(async () => {
  h = await createHarness()
  ;[manager, other] = await Promise.all([
    createTestStaff(h.deps.db, ['campaign-manager'], { displayName: 'Cam Manager' }),
    createTestStaff(h.deps.db, ['admin'], { displayName: 'Ada Admin' }),
  ])
})
afterAll(() => h?.close())

const kettle = {
  brand: 'Kettle & Kiln',
  name: 'Cold brew jug',
  description: 'A one-litre cold brew jug with a steel filter.',
  category: 'kitchen',
  retailValueCents: 3499,
  currency: 'EUR',
}

describe('products', () => {
  it('creates a product, lists it, and edits it once; a stale edit is refused with who saved in between', async () => {
    const created = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, { token: manager.bearer, body: { ...kettle, brand: '  Kettle & Kiln ' } }),
      OpsProductSchema,
      201,
    )
    expect(created).toMatchObject({ ...kettle, images: [], campaigns: 0, updatedBy: 'Cam Manager' })
    const list = expectOk(await call(h.app, 'GET', ENDPOINTS.opsProducts.path, { token: manager.bearer }), OpsProductListSchema)
    expect(list.items.some((p) => p.id === created.id)).toBe(true)

    const path = fillPath(ENDPOINTS.opsUpdateProduct.path, { id: created.id })
    h.clock.advance(1000)
    const edited = expectOk(
      await call(h.app, 'PUT', path, { token: other.bearer, body: { ...kettle, retailValueCents: 2999, editedVersion: created.updatedAt } }),
      OpsProductSchema,
    )
    expect(edited).toMatchObject({ retailValueCents: 2999, updatedBy: 'Ada Admin' })
    // The manager still has the first version open.
    const stale = expectError(
      await call(h.app, 'PUT', path, { token: manager.bearer, body: { ...kettle, name: 'Jug', editedVersion: created.updatedAt } }),
      'CONFLICT',
      409,
    )
    expect(stale.reason).toEqual({ code: 'stale-edit', changedBy: 'Ada Admin', changedAt: edited.updatedAt })

    const entries = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${created.id}`)
    expect(entries.map((e) => e.action)).toEqual(['product.create', 'product.update'])
    expect(entries[1]!.changes).toMatchObject({ before: { retailValueCents: 3499 }, after: { retailValueCents: 2999 } })
  })

  it("keeps the brand's identifiers of a product: the GTIN's digits as typed in groups, absent ones as none", async () => {
    const created = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, { token: manager.bearer, body: { ...kettle, gtin: '4 006381 333931', mpn: 'KK-JUG-1L' } }),
      OpsProductSchema,
      201,
    )
    expect(created).toMatchObject({ gtin: '4006381333931', mpn: 'KK-JUG-1L', sku: null })
  })

  it('refuses bad input field by field and writes nothing', async () => {
    const bad = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, {
        token: manager.bearer,
        body: { ...kettle, brand: ' ', description: 'Short', category: 'Cars!', retailValueCents: 12.5, currency: 'XYZ' },
      }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['brand', 'category', 'currency', 'description', 'retailValueCents'])
    // A GTIN whose check digit does not match, and a part number with markup in it.
    const identifiers = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, { token: manager.bearer, body: { ...kettle, gtin: '4006381333932', mpn: '<b>1</b>' } }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(identifiers.fields ?? {}).sort()).toEqual(['gtin', 'mpn'])
    expectError(await call(h.app, 'POST', ENDPOINTS.opsCreateProduct.path, { token: manager.bearer, body: { ...kettle, extra: 1 } }), 'BAD_REQUEST', 400)
    expectError(
      await call(h.app, 'PUT', fillPath(ENDPOINTS.opsUpdateProduct.path, { id: crypto.randomUUID() }), {
        token: manager.bearer,
        body: { ...kettle, editedVersion: new Date().toISOString() },
      }),
      'NOT_FOUND',
      404,
    )
  })
})

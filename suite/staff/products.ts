// Products for campaign managers: the list, a new product, an edit. An edit names the version it was
// made on, so a save by someone else in between is refused rather than overwritten. Each audited; a
// category that does not exist is refused by field before anything is written.
import { asc, count, eq } from 'drizzle-orm'
import type { OpsProduct, ProductInput } from '../../contract/authoring'
import type { ProductIdentifiers } from '../../contract/product-identifiers'
import type { OpsProductImage } from '../../contract/product-images'
import type { Executor } from '../db/client'
import { campaigns, products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { conflict, notFound } from '../http/errors'
import { imagesOfProducts } from '../services/product-images'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { requireKnownCategories } from '../services/categories'

type ProductRow = typeof products.$inferSelect

function toOpsProduct(row: ProductRow, images: OpsProductImage[], campaignCount: number): OpsProduct {
  return {
    id: row.id,
    brand: row.brand,
    name: row.name,
    description: row.description,
    category: row.category,
    retailValueCents: row.retailValueCents,
    currency: row.currency,
    gtin: row.gtin,
    mpn: row.mpn,
    sku: row.sku,
    images,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByName,
    campaigns: campaignCount,
  }
}

/** What an audit entry keeps of a product: its own fields (no person in them). */
const auditedFields = (row: Pick<ProductRow, keyof ProductInput>) => ({
  brand: row.brand,
  name: row.name,
  description: row.description,
  category: row.category,
  retailValueCents: row.retailValueCents,
  currency: row.currency,
  gtin: row.gtin,
  mpn: row.mpn,
  sku: row.sku,
})

export async function listProducts(ex: Executor): Promise<{ items: OpsProduct[] }> {
  const rows = await ex
    .select({ product: products, campaigns: count(campaigns.id) })
    .from(products)
    .leftJoin(campaigns, eq(campaigns.productId, products.id))
    .groupBy(products.id)
    .orderBy(asc(products.brand), asc(products.name))
  const images = await imagesOfProducts(
    ex,
    rows.map((row) => row.product.id),
  )
  return { items: rows.map((row) => toOpsProduct(row.product, images.get(row.product.id) ?? [], Number(row.campaigns))) }
}

const actorName = (actor: StaffActor) => actor.name ?? actor.email ?? actor.uid

export async function createProduct(deps: SuiteDeps, actor: StaffActor, input: ProductInput): Promise<OpsProduct> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    await requireKnownCategories(tx, 'category', [input.category])
    const [row] = await tx
      .insert(products)
      .values({ ...input, images: [], updatedAt: now, updatedByName: actorName(actor) })
      .returning()
    if (!row) throw new Error('Product not written')
    await recordAudit(
      tx,
      actor,
      { action: 'product.create', targetType: 'product', targetId: row.id, changes: { before: null, after: auditedFields(row) } },
      now,
    )
    return toOpsProduct(row, [], 0)
  })
}

export async function updateProduct(deps: SuiteDeps, actor: StaffActor, productId: string, input: ProductInput, editedVersion: string): Promise<OpsProduct> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const current = await productForUpdate(tx, productId)
    if (current.updatedAt.toISOString() !== editedVersion) {
      throw conflict(
        `Changed by ${current.updatedByName ?? 'someone else'} at ${current.updatedAt.toISOString()} since you opened it: reload to see their change, then edit again`,
        { code: 'stale-edit', changedBy: current.updatedByName ?? null, changedAt: current.updatedAt.toISOString() },
      )
    }
    await requireKnownCategories(tx, 'category', [input.category])
    const row = await writeProduct(tx, actor, current, input, now)
    const [used] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.productId, productId))
    const images = await imagesOfProducts(tx, [productId])
    return toOpsProduct(row, images.get(productId) ?? [], Number(used?.n ?? 0))
  })
}

/**
 * The identifiers a campaign file gives its product (GTIN, MPN, SKU, all three as they should be),
 * written as an edit of the product: audited, and a new version for anyone who has it open.
 */
export async function setProductIdentifiers(deps: SuiteDeps, actor: StaffActor, productId: string, identifiers: ProductIdentifiers): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const current = await productForUpdate(tx, productId)
    if (current.gtin === identifiers.gtin && current.mpn === identifiers.mpn && current.sku === identifiers.sku) return
    await writeProduct(tx, actor, current, identifiers, now)
  })
}

async function productForUpdate(tx: Executor, productId: string): Promise<ProductRow> {
  const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
  if (!current) throw notFound('Product')
  return current
}

/** Every change to a product leaves an audit entry with its fields before and after. */
async function writeProduct(tx: Executor, actor: StaffActor, current: ProductRow, changes: Partial<ProductInput>, now: Date): Promise<ProductRow> {
  const [row] = await tx
    .update(products)
    .set({ ...changes, updatedAt: now, updatedByName: actorName(actor) })
    .where(eq(products.id, current.id))
    .returning()
  if (!row) throw new Error('Product not written')
  await recordAudit(
    tx,
    actor,
    { action: 'product.update', targetType: 'product', targetId: current.id, changes: { before: auditedFields(current), after: auditedFields(row) } },
    now,
  )
  return row
}

// Product categories for the admin: the list with what uses each, a new category, a new name for
// one. A slug is made once and never changes (products, members' interests and campaigns' rules
// name the category by it); slugs and names are each unique, names whatever their case. Each
// change audited.
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { slugFromName, type CategoryCreateBody, type OpsCategory } from '../../contract/categories'
import { CategorySchema } from '../../contract/common'
import type { FieldErrors } from '../../contract/envelope'
import type { Executor, Tx } from '../db/client'
import { campaigns, categories, products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, notFound } from '../http/errors'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

type CategoryRow = typeof categories.$inferSelect

const toOpsCategory = (row: CategoryRow, used: { products: number; campaigns: number }): OpsCategory => ({
  slug: row.slug,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  products: used.products,
  campaigns: used.campaigns,
})

/** The products of each category (or of one), and the published campaigns testing them. */
async function usage(ex: Executor, slug?: string) {
  const rows = await ex
    .select({
      slug: categories.slug,
      products: sql<number>`count(distinct ${products.id})`.mapWith(Number),
      campaigns: sql<number>`count(distinct ${campaigns.id}) filter (where ${campaigns.status} = 'published')`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(products, eq(products.category, categories.slug))
    .leftJoin(campaigns, eq(campaigns.productId, products.id))
    .where(slug === undefined ? undefined : eq(categories.slug, slug))
    .groupBy(categories.slug)
  return new Map(rows.map((row) => [row.slug, { products: row.products, campaigns: row.campaigns }]))
}

export async function listOpsCategories(ex: Executor): Promise<{ items: OpsCategory[] }> {
  const rows = await ex
    .select()
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.slug))
  const used = await usage(ex)
  return { items: rows.map((row) => toOpsCategory(row, used.get(row.slug) ?? { products: 0, campaigns: 0 })) }
}

/** Category writes one at a time, so two admins cannot both take a free name or slug. */
async function lockCategories(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('categories'))`)
}

/** Another category already named this (whatever the case), or none. */
async function sameName(tx: Tx, name: string, except?: string): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(categories)
    .where(and(eq(sql`lower(${categories.name})`, sql`lower(${name})`), except === undefined ? undefined : ne(categories.slug, except)))
  return row
}

export async function createCategory(deps: SuiteDeps, actor: StaffActor, body: CategoryCreateBody): Promise<OpsCategory> {
  const slug = body.slug ?? slugFromName(body.name)
  if (!v.is(CategorySchema, slug)) {
    throw badRequest('The name makes no slug: choose one', { slug: ['choose a slug: lower-case letters and digits, words joined by hyphens'] })
  }
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    await lockCategories(tx)
    const fields: FieldErrors = {}
    const [bySlug] = await tx.select().from(categories).where(eq(categories.slug, slug))
    if (bySlug) fields.slug = [`is the slug of the category ${bySlug.name}`]
    const byName = await sameName(tx, body.name)
    if (byName) fields.name = [`is the name of the category ${byName.slug}`]
    if (bySlug || byName) throw badRequest('A category has this slug or name already', fields)
    const [row] = await tx.insert(categories).values({ slug, name: body.name, createdAt: now }).returning()
    if (!row) throw new Error('Category not written')
    await recordAudit(
      tx,
      actor,
      { action: 'category.create', targetType: 'category', targetId: slug, changes: { before: null, after: { slug, name: row.name } } },
      now,
    )
    return toOpsCategory(row, { products: 0, campaigns: 0 })
  })
}

/** A new name; the same name again changes nothing and writes no audit entry. */
export async function renameCategory(deps: SuiteDeps, actor: StaffActor, slug: string, name: string): Promise<OpsCategory> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    await lockCategories(tx)
    const [current] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update')
    if (!current) throw notFound('Category')
    const byName = await sameName(tx, name, slug)
    if (byName) throw badRequest('Another category has this name', { name: [`is the name of the category ${byName.slug}`] })
    let row = current
    if (current.name !== name) {
      const [renamed] = await tx.update(categories).set({ name }).where(eq(categories.slug, slug)).returning()
      row = renamed!
      await recordAudit(
        tx,
        actor,
        { action: 'category.rename', targetType: 'category', targetId: slug, changes: { before: { name: current.name }, after: { name } } },
        now,
      )
    }
    const used = await usage(tx, slug)
    return toOpsCategory(row, used.get(slug) ?? { products: 0, campaigns: 0 })
  })
}

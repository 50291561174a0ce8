// Product categories are data (the categories table): the list every page names them from, and the
// check each place that takes a category makes before it writes, so an unknown one is refused by
// field and nothing changes (a product's foreign key would only throw).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { CategoriesResult } from '../../contract/campaigns'
import type { Executor } from '../db/client'
import { campaigns, categories, products } from '../db/schema'
import { badRequest } from '../http/errors'

/**
 * Every category by name, each with the published campaigns testing one of its products; those
 * without any too, as members choose their interests among all of them.
 */
export async function listCategories(ex: Executor): Promise<CategoriesResult> {
  const rows = await ex
    .select({ slug: categories.slug, name: categories.name, campaigns: count(campaigns.id) })
    .from(categories)
    .leftJoin(products, eq(products.category, categories.slug))
    .leftJoin(campaigns, and(eq(campaigns.productId, products.id), eq(campaigns.status, 'published')))
    .groupBy(categories.slug)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.slug))
  return { categories: rows.map((row) => ({ slug: row.slug, name: row.name, campaigns: Number(row.campaigns) })) }
}

/** The slugs among these that name no category, each once, in the order given (empty: all are known). */
export async function unknownCategories(ex: Executor, slugs: readonly string[]): Promise<string[]> {
  const asked = [...new Set(slugs)]
  if (asked.length === 0) return []
  const known = new Set((await ex.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, asked))).map((row) => row.slug))
  return asked.filter((slug) => !known.has(slug))
}

/**
 * Refuses (400, the field named) when any of these slugs names no category. `field` is the request's
 * path to the category or the list of them, e.g. `category` or `preferences.interests`.
 */
export async function requireKnownCategories(ex: Executor, field: string, slugs: readonly string[]): Promise<void> {
  const unknown = await unknownCategories(ex, slugs)
  if (unknown.length === 0) return
  const list = unknown.join(', ')
  throw badRequest(`No such category: ${list}`, { [field]: [`no such category: ${list}`] })
}

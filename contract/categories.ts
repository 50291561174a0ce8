// Product categories in the console: data an admin extends (the categories table), never a list in
// code that needs a migration. The public list of them is in campaigns.ts (CategoriesResultSchema).
import * as v from 'valibot'
import { CategorySchema } from './common'

/** The longest slug CategorySchema accepts. */
export const CATEGORY_SLUG_MAX_LENGTH = 40

/** A category's name as members read it on every page: one line of 2 to 60 characters. */
export const CategoryNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(2, 'at least 2 characters'),
  v.maxLength(60, 'at most 60 characters'),
  v.regex(/^\P{Cc}*$/u, 'one line, without control characters'),
)

/**
 * A new category: its name, and its slug when the admin chose one (made from the name otherwise).
 * The slug never changes once made: products, members' interests and campaigns' rules name the
 * category by it.
 */
export const CategoryCreateBodySchema = v.strictObject({
  name: CategoryNameSchema,
  slug: v.optional(CategorySchema),
})
export type CategoryCreateBody = v.InferOutput<typeof CategoryCreateBodySchema>

/** A new name for a category (its slug stays). */
export const CategoryRenameBodySchema = v.strictObject({ name: CategoryNameSchema })
export type CategoryRenameBody = v.InferOutput<typeof CategoryRenameBodySchema>

export const OpsCategorySchema = v.strictObject({
  slug: CategorySchema,
  name: v.string(),
  createdAt: v.string(),
  /** Products of this category. */
  products: v.number(),
  /** Published campaigns testing a product of this category. */
  campaigns: v.number(),
})
export type OpsCategory = v.InferOutput<typeof OpsCategorySchema>
export const OpsCategoryListSchema = v.strictObject({ items: v.array(OpsCategorySchema) })
export type OpsCategoryList = v.InferOutput<typeof OpsCategoryListSchema>

/**
 * The slug a name gives: letters without their accents, lower case, every run of anything else one
 * hyphen ("&" read as "and"), at most CATEGORY_SLUG_MAX_LENGTH characters (whole words). Empty when the name has
 * no latin letter or digit: the admin then types a slug.
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
  if (slug.length <= CATEGORY_SLUG_MAX_LENGTH) return slug
  // Too long: whole words while they fit (a single long word is cut).
  return slug
    .slice(0, CATEGORY_SLUG_MAX_LENGTH + 1)
    .replace(/-[^-]*$/, '')
    .slice(0, CATEGORY_SLUG_MAX_LENGTH)
}

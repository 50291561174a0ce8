// Building blocks shared by the domain schemas.
import * as v from 'valibot'

/**
 * An id as the member API makes them (a UUID), written as a pattern's source so that a longer
 * pattern can find one inside a text. Every check of an id is made with this pattern.
 */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** An id, in any case. */
export const Uuid = v.pipe(v.string(), v.regex(new RegExp(`^${UUID_PATTERN}$`, 'i'), 'must be an id'))
/** Whether a text can be an id at all: one that cannot names nothing. */
export const isUuid = (text: string): boolean => v.is(Uuid, text)
/** An instant, as `Date.prototype.toISOString()` writes it. */
export const Timestamp = v.pipe(v.string(), v.isoTimestamp())
/** A day of the calendar (YYYY-MM-DD): the ISO shape alone would let 1990-02-30 through. */
export const IsoDate = v.pipe(
  v.string(),
  v.isoDate('must be a date (YYYY-MM-DD)'),
  v.check((day) => {
    const date = new Date(`${day}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
  }, 'is not a day of the calendar'),
)

export const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(max, `at most ${max} characters`))
export const optionalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `at most ${max} characters`))

/** A positive integer sent as a query string value. */
export const queryInt = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number), v.minValue(min, `at least ${min}`), v.maxValue(max, `at most ${max}`))

export const PageQuerySchema = {
  page: v.optional(queryInt(1, 10_000), '1'),
  pageSize: v.optional(queryInt(1, 50), '12'),
}

export function pageOf<T extends v.GenericSchema>(item: T) {
  return v.strictObject({
    items: v.array(item),
    page: v.number(),
    pageSize: v.number(),
    total: v.number(),
  })
}
export type Page<T> = { items: T[]; page: number; pageSize: number; total: number }

/** A request with no body fields (unknown keys are still rejected). */
export const EmptyBodySchema = v.strictObject({})
/** The query of an endpoint that declares none: any parameter is refused. */
export const EmptyQuerySchema = v.strictObject({}, 'is not a query parameter of this endpoint')

/**
 * Product categories, also the member's interests, are data an admin extends (the categories
 * table): each is named by a slug. These are the ones every community starts with.
 */
export const CATEGORIES = ['beauty', 'personal-care', 'food-drink', 'home', 'kitchen', 'baby', 'pets', 'tech', 'health', 'outdoors'] as const
/** A category's slug: lower-case words joined by hyphens. Whether it exists is the database's to say. */
export const CategorySchema = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a category'), v.maxLength(40, 'must be a category'))
export type Category = v.InferOutput<typeof CategorySchema>

/** Countries the campaigns ship to (ISO 3166-1 alpha-2). */
export const SHIPPING_COUNTRIES = ['US', 'CA', 'GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'LU', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI', 'PL'] as const
export const CountrySchema = v.picklist(SHIPPING_COUNTRIES, 'must be a supported country')
export type Country = v.InferOutput<typeof CountrySchema>

export const SOCIAL_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'pinterest', 'blog'] as const
export const SocialPlatformSchema = v.picklist(SOCIAL_PLATFORMS)
export type SocialPlatform = v.InferOutput<typeof SocialPlatformSchema>

export const HttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2000),
  v.url('must be a web address'),
  v.regex(/^https?:\/\//i, 'must start with http:// or https://'),
)

// Campaigns, flights and their phases; public listing and detail.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import {
  withEligibilityDefaults,
  withTaskDefaults,
  type CampaignDetail,
  type CampaignSummary,
  type Flight,
  type Phase,
  type Product,
} from '../../contract/campaigns'
import { isUuid, type Category } from '../../contract/common'
import type { ProductImage } from '../../contract/product-images'
import { preparedQueries, preparedQuery, type Executor } from '../db/client'
import { inIdList, uuidArrayText } from '../db/id-lists'
import { publicProductImages } from './product-images'
import { campaigns, categories, flightApplicantCounts, flights, participations, products, reviewStats } from '../db/schema'

export type CampaignRow = typeof campaigns.$inferSelect
export type FlightRow = typeof flights.$inferSelect
export type ProductRow = typeof products.$inferSelect

/** Statuses that hold one of the flight's places. */
export const PLACE_HOLDING_STATUSES = ['selected', 'shipped', 'delivered', 'reviewed', 'completed'] as const

export function phaseOf(flight: Pick<FlightRow, 'signupOpensAt' | 'signupClosesAt' | 'reviewDueAt'>, now: Date): Phase {
  if (now < flight.signupOpensAt) return 'upcoming'
  if (now < flight.signupClosesAt) return 'open'
  if (now < flight.reviewDueAt) return 'testing'
  return 'completed'
}

/**
 * The flight a campaign is "at": one open for sign-up if there is one (a campaign whose first flight
 * is testing while the next takes sign-ups is open to members), else the first one not completed,
 * else the last.
 */
export function currentFlight<F extends Pick<FlightRow, 'signupOpensAt' | 'signupClosesAt' | 'reviewDueAt'>>(sorted: F[], now: Date): F | undefined {
  return sorted.find((f) => phaseOf(f, now) === 'open') ?? sorted.find((f) => phaseOf(f, now) !== 'completed') ?? sorted[sorted.length - 1]
}

/** A product as its public pages show it, with its images in order (services/product-images.ts publicProductImages). */
export function toProduct(row: ProductRow, images: ProductImage[]): Product {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    description: row.description,
    category: row.category,
    retailValueCents: row.retailValueCents,
    currency: row.currency,
    gtin: row.gtin,
    mpn: row.mpn,
    sku: row.sku,
    images,
  }
}

interface FlightCounts {
  selected: number
  waitlisted: number
}

/**
 * Each flight's participations per status as the database keeps them with every change (a row per
 * flight, not a count of its applicants); a flight without any has no row yet.
 */
const keptFlightCounts = preparedQuery((ex) => {
  const kept = flightApplicantCounts
  return ex
    .select({
      flightId: kept.flightId,
      selected: sql<number>`${sql.join(
        PLACE_HOLDING_STATUSES.map((status) => kept[status]),
        sql` + `,
      )}`.mapWith(Number),
      waitlisted: kept.waitlisted,
    })
    .from(kept)
    .where(inIdList(kept.flightId, 'flightIds'))
})

async function flightCounts(ex: Executor, flightIds: string[]): Promise<Map<string, FlightCounts>> {
  const result = new Map<string, FlightCounts>()
  if (flightIds.length === 0) return result
  const rows = await keptFlightCounts(ex, { flightIds: uuidArrayText(flightIds) })
  for (const id of flightIds) result.set(id, { selected: 0, waitlisted: 0 })
  for (const row of rows) result.set(row.flightId, { selected: row.selected, waitlisted: row.waitlisted })
  return result
}

function toFlight(row: FlightRow, counts: FlightCounts | undefined, now: Date): Flight {
  const selected = counts?.selected ?? 0
  return {
    id: row.id,
    name: row.name,
    signupOpensAt: row.signupOpensAt.toISOString(),
    signupClosesAt: row.signupClosesAt.toISOString(),
    testingStartsAt: row.testingStartsAt.toISOString(),
    reviewDueAt: row.reviewDueAt.toISOString(),
    phase: phaseOf(row, now),
    quota: row.quota,
    selectedCount: selected,
    placesLeft: Math.max(0, row.quota - selected),
    waitlistCount: counts?.waitlisted ?? 0,
  }
}

interface LoadedCampaign {
  campaign: CampaignRow
  product: ProductRow
  /** The name of the product's category. */
  categoryName: string
  flights: FlightRow[]
}

/** Public lists show published campaigns; a campaign's own page, an archived one too (links to it keep working). A draft is staff's alone. */
const ON_LISTS = eq(campaigns.status, 'published')
const HAS_A_PAGE = inArray(campaigns.status, ['published', 'archived'])

/** Campaigns with their product and category's name, where `where` holds. */
const campaignRows = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ campaign: campaigns, product: products, categoryName: categories.name })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(where)

async function loadCampaigns(ex: Executor, where: SQL | undefined): Promise<LoadedCampaign[]> {
  return withFlights(ex, await campaignRows(ex, where))
}

async function withFlights(ex: Executor, rows: Array<Omit<LoadedCampaign, 'flights'>>): Promise<LoadedCampaign[]> {
  if (rows.length === 0) return []
  const flightRows = await flightsOf(
    ex,
    rows.map((r) => r.campaign.id),
  )
  return rows.map((r) => ({ ...r, flights: flightRows.filter((f) => f.campaignId === r.campaign.id) }))
}

/**
 * A campaign's page, by its id or its slug, as visitors see it (published or archived) or as staff
 * preview it (any status): a statement of each shape built once per database, its every column
 * checked by Drizzle once instead of on each visit.
 */
const campaignPageRows = preparedQueries((ex, shape: 'id' | 'slug' | 'id, preview' | 'slug, preview') => {
  const match = shape.startsWith('id') ? eq(campaigns.id, sql.placeholder('key')) : eq(campaigns.slug, sql.placeholder('key'))
  return campaignRows(ex, shape.endsWith('preview') ? match : and(match, HAS_A_PAGE))
})

const flightsOfCampaigns = preparedQuery((ex) => ex.select().from(flights).where(inIdList(flights.campaignId, 'campaignIds')).orderBy(asc(flights.position)))

/** The flights of these campaigns, in their order within each campaign. */
export function flightsOf(ex: Executor, campaignIds: string[]) {
  return flightsOfCampaigns(ex, { campaignIds: uuidArrayText(campaignIds) })
}

const campaignRatings = preparedQuery((ex) =>
  ex
    .select({
      campaignId: reviewStats.campaignId,
      n: sql<string>`sum(${reviewStats.reviews})`,
      stars: sql<string>`sum(${reviewStats.reviews} * ${reviewStats.rating})`,
    })
    .from(reviewStats)
    .where(inIdList(reviewStats.campaignId, 'campaignIds'))
    .groupBy(reviewStats.campaignId),
)

async function ratings(ex: Executor, campaignIds: string[]) {
  const map = new Map<string, { count: number; average: number | null }>()
  if (campaignIds.length === 0) return map
  // The published reviews' counts per rating, kept by the database as reviews are published and
  // withdrawn (review_stats): a campaign with thousands of reviews costs a few rows, not thousands.
  const rows = await campaignRatings(ex, { campaignIds: uuidArrayText(campaignIds) })
  for (const r of rows) {
    const n = Number(r.n)
    if (n > 0) map.set(r.campaignId, { count: n, average: Math.round((Number(r.stars) / n) * 10) / 10 })
  }
  return map
}

function summarise(
  loaded: LoadedCampaign,
  counts: Map<string, FlightCounts>,
  rating: { count: number; average: number | null } | undefined,
  now: Date,
): CampaignSummary {
  const { campaign, product } = loaded
  const flight = currentFlight(loaded.flights, now)
  if (!flight) throw new Error(`Campaign ${campaign.id} has no flights`)
  const view = toFlight(flight, counts.get(flight.id), now)
  return {
    id: campaign.id,
    slug: campaign.slug,
    title: campaign.title,
    brand: product.brand,
    summary: campaign.summary,
    kind: campaign.kind,
    category: product.category,
    categoryName: loaded.categoryName,
    phase: view.phase,
    imageUrl: product.images[0] ?? '',
    productId: product.id,
    productName: product.name,
    retailValueCents: product.retailValueCents,
    currency: product.currency,
    quota: view.quota,
    placesLeft: view.placesLeft,
    signupOpensAt: view.signupOpensAt,
    signupClosesAt: view.signupClosesAt,
    testingStartsAt: view.testingStartsAt,
    reviewCount: rating?.count ?? 0,
    averageRating: rating?.average ?? null,
    selectionMode: campaign.selectionMode,
  }
}

const PHASE_ORDER: Record<Phase, number> = { open: 0, upcoming: 1, testing: 2, completed: 3 }

export async function listCampaigns(ex: Executor, query: { phase?: Phase; category?: Category; page: number; pageSize: number }, now: Date) {
  // The phase comes from the dates and the clock, so filtering happens after loading; the
  // catalogue is small (tens of campaigns), and pages keep answers small.
  const loaded = await loadCampaigns(ex, ON_LISTS)
  const counts = await flightCounts(
    ex,
    loaded.flatMap((l) => l.flights.map((f) => f.id)),
  )
  const rating = await ratings(
    ex,
    loaded.map((l) => l.campaign.id),
  )
  const all = loaded
    .filter((l) => l.flights.length > 0)
    .map((l) => summarise(l, counts, rating.get(l.campaign.id), now))
    .filter((s) => (!query.phase || s.phase === query.phase) && (!query.category || s.category === query.category))
    .sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase] || a.signupClosesAt.localeCompare(b.signupClosesAt) || a.slug.localeCompare(b.slug))
  const start = (query.page - 1) * query.pageSize
  return { items: all.slice(start, start + query.pageSize), page: query.page, pageSize: query.pageSize, total: all.length }
}

/**
 * A campaign's page: published or archived ones by id or slug; `asPreview` (staff previewing a
 * draft as members will see it) takes any status.
 */
export async function campaignDetail(ex: Executor, idOrSlug: string, now: Date, asPreview = false): Promise<CampaignDetail | null> {
  const by = isUuid(idOrSlug) ? 'id' : 'slug'
  const [loaded] = await withFlights(ex, await campaignPageRows(ex, asPreview ? `${by}, preview` : by, { key: idOrSlug }))
  if (!loaded || loaded.flights.length === 0) return null
  // What the page adds to the campaign's row, read at once (each is a round trip of its own).
  const [counts, rating, images] = await Promise.all([
    flightCounts(
      ex,
      loaded.flights.map((f) => f.id),
    ),
    ratings(ex, [loaded.campaign.id]),
    publicProductImages(ex, loaded.product),
  ])
  return {
    ...summarise(loaded, counts, rating.get(loaded.campaign.id), now),
    archived: loaded.campaign.status === 'archived',
    description: loaded.campaign.description,
    product: toProduct(loaded.product, images),
    flights: loaded.flights.map((f) => toFlight(f, counts.get(f.id), now)),
    eligibility: withEligibilityDefaults(loaded.campaign.eligibility),
    // Which answers disqualify stays with the member API: members see the questions only.
    screener: loaded.campaign.screener.map(({ disqualifying: _kept, ...question }) => question),
    tasks: withTaskDefaults(loaded.campaign.tasks),
  }
}

export async function countPlaceHolders(ex: Executor, flightId: string): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.flightId, flightId), inArray(participations.status, [...PLACE_HOLDING_STATUSES])))
  return Number(row?.n ?? 0)
}

// Every query of the member and public calls and the console's tables uses an index on a large
// community: the generator (generate.ts) fills a throw-away PostgreSQL database (20,000 members,
// 100,000 participations; the planner's choices at this size are those of a million for these
// queries), each call is made through the member API as its real users make it, every statement
// it sent is read back from the database's query plan, and a sequential scan of a large table, or a
// page found by sorting many rows, fails the test, naming the call and the statement.
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath, MEMBER_INFO_PATH, PARTICIPATIONS_PATH, POINTS_PATH, PUBLIC_CAMPAIGN_PATH, PUBLIC_REVIEWS_PATH } from '../../contract/paths'
import { call, createHarness, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestDatabase } from '../test/postgres'
import { createTestBrandViewer, createTestStaff } from '../test/staff'
import { generateLargeCommunity } from './generate'

const MEMBERS = 20_000
/** Tables that grow with the community: a sequential scan of one is a page that slows as members join. */
const LARGE_TABLES = new Set(['members', 'addresses', 'participations', 'shipments', 'reviews', 'review_photos', 'ledger_entries', 'outbox', 'audit_log'])
// Not account_links: at this size its rows (a tenth of the members, in pairs) fit in a few pages, and
// the planner rightly reads them whole for a page's links; on a million members (npm run bench:large)
// the applicants calls probe it by its primary key, member first.

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Plan Rows'?: number
  Plans?: PlanNode[]
}

/** The sequential scans of large tables in a plan, as "Seq Scan on members". */
function seqScansOfLargeTables(node: PlanNode): string[] {
  const here = node['Node Type'] === 'Seq Scan' && LARGE_TABLES.has(node['Relation Name'] ?? '') ? [`Seq Scan on ${node['Relation Name']}`] : []
  return [...here, ...(node.Plans ?? []).flatMap(seqScansOfLargeTables)]
}

/**
 * The sorts that give a page, as "Sort of 658 rows for a Limit", in a plan made with sorting
 * discouraged: one left there means no index holds the order the page is asked in, and the whole
 * list (every row before the page) is sorted to find it, at a cost that grows with the list.
 */
function sortsForAPage(node: PlanNode, underLimit = false): string[] {
  const here = underLimit && node['Node Type'] === 'Sort' ? [`Sort of ${(node['Plan Rows'] ?? 0).toLocaleString('en')} rows for a Limit`] : []
  // A Limit's input, down to the first node that does more than pass rows on (a sort or a scan).
  const passesOn = node['Node Type'] === 'Limit' || (underLimit && ['Subquery Scan', 'Result'].includes(node['Node Type']))
  return [...here, ...(node.Plans ?? []).flatMap((child) => sortsForAPage(child, passesOn))]
}

/**
 * The scans a page from an offset reads its rows from when they are not the index alone, as "Index
 * Scan on reviews under a Limit": every row an offset skips is then read from the table too, so a
 * deep page costs as many table reads as the rows before it. A scan of one row under a Limit (each
 * review of the page looked up by its id) skips nothing.
 */
function tableReadsSkipped(node: PlanNode, underLimit = false): string[] {
  const scan = /Scan$/.test(node['Node Type']) && node['Node Type'] !== 'Subquery Scan'
  const skipping = underLimit && scan && node['Node Type'] !== 'Index Only Scan' && (node['Plan Rows'] ?? 0) > 1
  const here = skipping ? [`${node['Node Type']} on ${node['Relation Name']} under a Limit`] : []
  const passesOn = node['Node Type'] === 'Limit' || (underLimit && !scan && ['Subquery Scan', 'Result'].includes(node['Node Type']))
  return [...here, ...(node.Plans ?? []).flatMap((child) => tableReadsSkipped(child, passesOn))]
}

/** A value as an SQL literal (quoted, its quotes doubled; an array in PostgreSQL's array form). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  const text = Array.isArray(value)
    ? `{${value.map((item) => `"${String(item).replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)
  return `'${text.replaceAll("'", "''")}'`
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('query plans on a large community', () => {
  let h: Harness
  let explainer: postgres.Sql
  let member: TestMember
  let staff: TestMember
  let brandViewer: TestMember
  let sent: Array<{ query: string; params: unknown[] }> = []
  let searches = { name: '', email: '', code: '' }
  let deepCursor = ''

  beforeAll(async () => {
    const database = await createTestDatabase({ onQuery: (query, params) => sent.push({ query, params }) })
    await generateLargeCommunity(database.url, { members: MEMBERS }, () => {})
    h = await createHarness({ database })
    explainer = postgres(database.url, { max: 1, onnotice: () => {} })
    // A generated member (8: five participations, a published review) signing in as themselves, and staff with every role.
    const [generated] = await explainer<Array<{ email: string }>>`select email from members where uid = 'large-8'`
    member = await createTestMember({ uid: 'large-8', email: generated!.email, emailVerified: true })
    // What support types to find a member: their name, the start of their e-mail address, their referral code.
    const [sought] = await explainer<Array<{ name: string; email: string; code: string }>>`
      select first_name || ' ' || last_name as name, email, referral_code as code from members where uid = 'large-1234'`
    searches = { name: sought!.name, email: sought!.email.slice(0, sought!.email.indexOf('@') + 1), code: sought!.code }
    // A review a fifth of the way down the public list: the cursor of a deep page.
    const [deep] = await explainer<Array<{ id: string }>>`
      select id from reviews where status = 'published' order by published_at desc, id desc offset 1999 limit 1`
    deepCursor = deep!.id
    staff = await createTestStaff(h.deps.db, ['admin', 'campaign-manager', 'moderator', 'fulfilment', 'support'])
    // A user of the brand whose campaign the console's calls read.
    const [owner] = await explainer<Array<{ name: string }>>`
      select b.name from campaigns c join products p on p.id = c.product_id join brands b on b.id = p.brand_id where c.id = ${generatedId(0x3a, 5)}`
    brandViewer = await createTestBrandViewer(h.deps.db, owner!.name)
  }, 180_000)
  afterAll(async () => {
    await explainer?.end()
    await h?.close()
  })

  /** Generated ids: a table's tag and a row number (generate.ts). */
  const generatedId = (tag: number, n: number) => `${tag.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

  // A deep page is as far into the list as page 5,000 is with a million members (a fifth of the published reviews).
  // A list read a page at a time in the order of an index (`inIndexOrder`) is never sorted to find the
  // page. Not the linked-only views: their few rows are found through the flight's linked applicants
  // and rightly sorted, not walked to through the whole list.
  // A deep page from an offset (`skipping index entries`) skips the rows before it in the index alone.
  const calls: Array<
    [
      name: string,
      who: 'member' | 'staff' | 'brand' | 'visitor',
      path: () => string,
      inIndexOrder?: 'in index order' | 'in index order, skipping index entries',
    ]
  > = [
    ['member_info', 'member', () => MEMBER_INFO_PATH],
    ['participations', 'member', () => PARTICIPATIONS_PATH],
    ['points history', 'member', () => POINTS_PATH],
    ['public reviews, first page', 'visitor', () => `${PUBLIC_REVIEWS_PATH}?page=1&pageSize=20`, 'in index order'],
    ['public reviews, deep page', 'visitor', () => `${PUBLIC_REVIEWS_PATH}?page=100&pageSize=20`, 'in index order, skipping index entries'],
    ['public reviews, deep page after a cursor', 'visitor', () => `${PUBLIC_REVIEWS_PATH}?page=101&pageSize=20&after=${deepCursor}`, 'in index order'],
    ['public reviews, deep page before a cursor', 'visitor', () => `${PUBLIC_REVIEWS_PATH}?page=99&pageSize=20&before=${deepCursor}`, 'in index order'],
    ['public reviews of a campaign', 'visitor', () => `${PUBLIC_REVIEWS_PATH}?campaignId=${generatedId(0x3a, 5)}&page=1&pageSize=20`, 'in index order'],
    ['a campaign’s public page', 'visitor', () => fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: 'large-5' })],
    ['moderation queue', 'staff', () => `${ENDPOINTS.opsModerationQueue.path}?page=1&pageSize=25`, 'in index order'],
    ['moderation queue, deep page', 'staff', () => `${ENDPOINTS.opsModerationQueue.path}?page=20&pageSize=25&sort=newest`, 'in index order'],
    ['a campaign’s published reviews as CSV', 'staff', () => fillPath(ENDPOINTS.opsCampaignReviewsCsv.path, { id: generatedId(0x3a, 5) })],
    ['a campaign’s results', 'staff', () => fillPath(ENDPOINTS.opsCampaignResults.path, { id: generatedId(0x3a, 5) })],
    ['a brand’s campaigns', 'brand', () => ENDPOINTS.brandCampaigns.path],
    ['a campaign’s results, for its brand', 'brand', () => fillPath(ENDPOINTS.brandCampaignResults.path, { id: generatedId(0x3a, 5) })],
    ['a campaign’s published reviews as CSV, for its brand', 'brand', () => fillPath(ENDPOINTS.brandCampaignReviewsCsv.path, { id: generatedId(0x3a, 5) })],
    ['a campaign’s review photos as a ZIP, for its brand', 'brand', () => fillPath(ENDPOINTS.brandCampaignPhotosZip.path, { id: generatedId(0x3a, 5) })],
    [
      'applicants of an open flight',
      'staff',
      () => `${fillPath(ENDPOINTS.opsApplicants.path, { id: generatedId(0x4a, 1) })}?page=1&pageSize=50`,
      'in index order',
    ],
    [
      'applicants of an open flight, deep page',
      'staff',
      () => `${fillPath(ENDPOINTS.opsApplicants.path, { id: generatedId(0x4a, 1) })}?page=20&pageSize=50`,
      'in index order',
    ],
    [
      'applicants of an open flight, linked only',
      'staff',
      () => `${fillPath(ENDPOINTS.opsApplicants.path, { id: generatedId(0x4a, 1) })}?page=1&pageSize=50&linked=yes`,
    ],
    [
      'all applicants of an open flight, linked only',
      'staff',
      () => `${fillPath(ENDPOINTS.opsApplicants.path, { id: generatedId(0x4a, 1) })}?page=1&pageSize=50&view=all&linked=yes`,
    ],
    ['member search by name', 'staff', () => `${ENDPOINTS.opsMembers.path}?${new URLSearchParams({ q: searches.name, page: '1', pageSize: '25' })}`],
    ['member search by e-mail', 'staff', () => `${ENDPOINTS.opsMembers.path}?${new URLSearchParams({ q: searches.email, page: '1', pageSize: '25' })}`],
    ['member search by referral code', 'staff', () => `${ENDPOINTS.opsMembers.path}?${new URLSearchParams({ q: searches.code, page: '1', pageSize: '25' })}`],
  ]

  it.each(calls)('%s reads large tables through indexes only', async (_name, who, pathOf, inIndexOrder) => {
    const path = pathOf()
    // Once to warm what the member API remembers (the member's record), then the call measured.
    const token = { member: member.bearer, staff: staff.bearer, brand: brandViewer.bearer, visitor: undefined }[who]
    await call(h.app, 'GET', path, { token })
    sent = []
    const response = await call(h.app, 'GET', path, { token })
    expect(response.status, JSON.stringify(response.json)).toBe(200)
    const selects = sent.filter((s) => /^\s*(with|select)\b/i.test(s.query))
    expect(selects.length).toBeGreaterThan(0)
    const problems: string[] = []
    for (const [i, { query, params }] of selects.entries()) {
      // Both plans a statement may run with: the one made for its values, and the generic one
      // PostgreSQL switches to after five runs of a prepared statement (the member API prepares
      // every statement), which cannot rely on a value (a partial index's condition given as a parameter, say).
      // The statement's parameter types, as the driver and the server settle them when it runs
      // prepared (read back from pg_prepared_statements), for a PREPARE of our own.
      await explainer.unsafe(query, params as never[], { prepare: true })
      const [prepared] = await explainer.unsafe(`select parameter_types::text[] as types from pg_prepared_statements where statement = $1`, [query])
      const typeNames = (prepared?.types ?? []) as string[]
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await explainer.unsafe(`set plan_cache_mode = ${mode}`)
        await explainer.unsafe(`prepare probe_${i}${typeNames.length ? `(${typeNames.join(', ')})` : ''} as ${query}`)
        // EXECUTE takes its arguments as SQL, not as the protocol's parameters: written as typed literals.
        const args = typeNames.map((type, n) => `${literal(params[n])}::${type}`).join(', ')
        const planOf = async () => {
          const [row] = await explainer.unsafe(`explain (format json) execute probe_${i}${args ? `(${args})` : ''}`)
          return (row as unknown as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan
        }
        try {
          const plan = await planOf()
          for (const scan of seqScansOfLargeTables(plan)) problems.push(`${scan} (${mode}): ${query}`)
          if (inIndexOrder === 'in index order, skipping index entries' && /\boffset\b/i.test(query))
            for (const read of tableReadsSkipped(plan)) problems.push(`${read} (${mode}): ${query}`)
          if (!inIndexOrder) continue
          // At this size a short list may be sorted whole, rightly; asked not to sort, the planner
          // walks an index to the page whenever one holds the page's order.
          await explainer.unsafe('set enable_sort = off')
          for (const sort of sortsForAPage(await planOf())) problems.push(`${sort} (${mode}): ${query}`)
        } finally {
          await explainer.unsafe('reset enable_sort')
          await explainer.unsafe(`deallocate probe_${i}`)
        }
      }
    }
    expect(problems).toEqual([])
  })
})

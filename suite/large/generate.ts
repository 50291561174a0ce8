// A realistic community in PostgreSQL, for measuring the big-table paths (`npm run db:large`):
// members with addresses, campaigns with their products and flights across three years, five
// participations per member in every state a test goes through, shipments, reviews (most published,
// some waiting for moderation, some with photos), the points ledger, sent messages, and links
// between accounts (a few percent of members in linked pairs, some ruled "not the same person").
// Only states the member API's services could have made (the rules of seed/invariants.ts, checked
// by generate.test.ts): a place has its parcel and its dates in order, a review its decision. Generated in
// the database itself (INSERT … SELECT over generate_series), one table at a time, so a million
// members take minutes. Ids are made from a table's tag and a row number, so rows refer to each
// other by arithmetic instead of lookups.
//
//   DATABASE_URL=postgres://… npm run db:large -- [--members 1000000]
//
// The database is migrated first; a database that already holds generated members is refused.
import postgres from 'postgres'
import { openDatabase } from '../db/client'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../services/members'
import { householdKey, normaliseEmail, type PostalAddress } from '../services/normalise'

export interface LargeSize {
  members: number
}

/** What a size makes: campaigns scale with members (2,000 for a million), the rest per member. */
export function plannedCounts({ members }: LargeSize) {
  let campaigns = Math.max(12, Math.round(members / 500))
  // The campaigns members take part in number campaigns less the upcoming ones; that number must
  // not be a multiple of 131 (the step between a member's five campaigns) for the five to differ.
  while ((campaigns - upcomingOf(campaigns)) % 131 === 0) campaigns++
  return { members, campaigns, participations: members * 5 }
}
const upcomingOf = (campaigns: number) => Math.max(1, Math.floor(campaigns / 20))

/** Tags of the generated ids, one per table: `tttttttt-0000-4000-8000-<row number in hex>`. */
const TAG = {
  member: 0x1a,
  product: 0x2a,
  campaign: 0x3a,
  flight: 0x4a,
  participation: 0x5a,
  shipment: 0x6a,
  review: 0x7a,
  photo: 0x8a,
  ledger: 0x9a,
  outbox: 0xaa,
}
const gid = (tag: number, n: string) => `(lpad(to_hex(${tag}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`

/**
 * Names are made of syllables (24 × 24 first names, 24 × 24 × 24 last names), so that, as in a
 * real community, most names are shared by a few members and searching for one finds few.
 */
const SYLLABLES = [
  'an',
  'bel',
  'cor',
  'da',
  'el',
  'fen',
  'gar',
  'ha',
  'is',
  'jo',
  'ka',
  'lin',
  'mar',
  'no',
  'os',
  'pe',
  'ri',
  'sa',
  'tor',
  'ul',
  'va',
  'wen',
  'ya',
  'zo',
]
const syllable = (n: string) => `(${array(SYLLABLES)})[1 + ((${n}) % ${SYLLABLES.length})]`
/** Member i's first and last name: syllables chosen by hashes of i. */
const firstName = (i: string) => `initcap(${syllable(`hashint4(${i})::bigint & 1023`)} || ${syllable(`(hashint4(${i})::bigint >> 10) & 1023`)})`
const lastName = (i: string) =>
  `initcap(${syllable(`hashint4(${i} + 7)::bigint & 1023`)} || ${syllable(`(hashint4(${i} + 7)::bigint >> 10) & 1023`)} || ${syllable(`(hashint4(${i} + 7)::bigint >> 20) & 1023`)})`
/** A referral code per member, unique: i multiplied by an odd number modulo 2³² is a bijection. */
const referralCode = (i: string) => `'R' || upper(lpad(to_hex(((${i})::bigint * 2654435761) % 4294967296), 8, '0'))`
const MAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'post.example']
const COUNTRIES = ['DE', 'GB', 'US', 'FR', 'NL', 'AT', 'CA', 'IT', 'ES', 'SE']
const CATEGORIES = ['beauty', 'personal-care', 'food-drink', 'home', 'kitchen', 'baby', 'pets', 'tech', 'health', 'outdoors']
const TITLES = ['Does what it promises', 'Better than expected', 'Good, with one flaw', 'Not for me', 'My new favourite', 'Solid and simple']
const BODIES = [
  'I used it every day for three weeks. It does the job well, and the whole family liked it.',
  'Easy to start with and it held up after daily use. I would buy it again at this price.',
  'It works, but the packaging was hard to open and the instructions could be clearer.',
  'After a month of testing I can say it is worth trying, especially if you value quality.',
]
/**
 * The normal forms the member API keeps of each e-mail and postal address (services/normalise.ts),
 * written with the rows: the member API fills missing ones at start-up a row at a time, which for a
 * million members would hold its start-up for an hour. The generated addresses' domains keep no
 * aliases, and their streets ("12 Main Street", no flat) fold to lower case; checked against the
 * member API's own functions before anything is written.
 */
const GENERATED_HOUSEHOLD_KEY = `country || '|' || postal_code || '|' || lower(line1) || '|'`
function checkNormalForms() {
  const email = 'Anbel.Corda17@Mail.Example'
  if (normaliseEmail(email) !== email.toLowerCase()) throw new Error('The generated e-mail keys no longer match normaliseEmail: update generate.ts')
  for (const country of COUNTRIES) {
    const key = householdKey({ line1: '12 Main Street', postalCode: '00012', country } as PostalAddress)
    if (key !== `${country}|00012|12 main street|`) throw new Error(`The generated household keys no longer match householdKey (${key}): update generate.ts`)
  }
}

const array = (values: string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`
/** The element of a literal array picked by a number (1-based arrays). */
const pick = (values: string[], n: string) => `(${array(values)})[1 + ((${n}) % ${values.length})]`

/** The triggers that keep a campaign's results (migration 0024), switched off during the bulk inserts. */
const RESULTS_TRIGGERS = ['participations', 'shipments', 'reviews', 'addresses']
  .flatMap((table) => ['insert', 'update', 'delete'].map((op) => ({ table, trigger: `results_follow_${table}_${op}` })))
  .concat({ table: 'members', trigger: 'results_follow_members_update' })

/** The triggers that keep each flight's participations per status (migration 0027). */
const FLIGHT_APPLICANTS_TRIGGERS = ['insert', 'update', 'delete'].map((op) => ({ table: 'participations', trigger: `sync_flight_applicants_${op}` }))

/** The triggers that keep the linked applicants (migration 0025), switched off until the links are written. */
const LINKED_TRIGGERS = (
  [
    ['participations', 'participations'],
    ['account_links', 'links'],
    ['account_link_rulings', 'rulings'],
  ] as const
).flatMap(([table, name]) => ['insert', 'delete'].map((op) => ({ table, trigger: `sync_linked_applicants_${name}_${op}` })))

/**
 * Fills the database at `url` (migrated here) with a community of the given size; `log` is told
 * each table's row count and time. Resolves to the counts made.
 */
export async function generateLargeCommunity(url: string, size: LargeSize, log: (line: string) => void = console.log) {
  checkNormalForms()
  const { members: M, campaigns: C } = plannedCounts(size)
  const upcoming = upcomingOf(C)
  const active = C - upcoming
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 1 })
  await database.close()
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  const counts: Record<string, number> = {}
  try {
    const [{ n: existing } = { n: 0 }] = await sql<Array<{ n: number }>>`select count(*)::int as n from members where uid like 'large-%'`
    if (existing > 0) throw new Error(`This database already holds ${existing} generated members: generate into a fresh database.`)

    const step = async (table: string, statement: string) => {
      const started = performance.now()
      const result = await sql.unsafe(statement)
      counts[table] = (counts[table] ?? 0) + result.count
      log(`${table.padEnd(16)} ${result.count.toLocaleString('en').padStart(11)} rows  ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    /**
     * Switches kept tables' triggers back on and fills those tables once from everything inserted
     * with the triggers off (the migration's own fill function), saying how many rows `table` holds.
     */
    const enableAndRefill = async (triggers: Array<{ table: string; trigger: string }>, refill: string, table: string, label: string) => {
      for (const statement of triggers) await sql.unsafe(`alter table ${statement.table} enable trigger ${statement.trigger}`)
      const started = performance.now()
      await sql.unsafe(`select ${refill}()`)
      const [{ n }] = await sql.unsafe<[{ n: number }]>(`select count(*)::int as n from ${table}`)
      counts[table] = n
      log(`${label.padEnd(16)} ${n.toLocaleString('en').padStart(11)} rows  ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    // Bulk work: no waiting for the disk on each commit, and room to sort for the indexes.
    await sql`set synchronous_commit = off`
    await sql`set maintenance_work_mem = '256MB'`

    // A campaign's results are kept by statement triggers that count each statement's rows again; for
    // the bulk inserts they are off, and every flight is counted once at the end (results_refill).
    for (const statement of [...RESULTS_TRIGGERS, ...LINKED_TRIGGERS, ...FLIGHT_APPLICANTS_TRIGGERS])
      await sql.unsafe(`alter table ${statement.table} disable trigger ${statement.trigger}`)

    // Campaign c (1 … C): the last `upcoming` open for sign-up later; of the others, c % 20 = 1 is
    // open now, 2 and 3 are testing, the rest completed, their dates spread over three years.
    const phase = (c: string) =>
      `case when ${c} > ${active} then 'upcoming' when ${c} % 20 = 1 then 'open' when ${c} % 20 in (2, 3) then 'testing' else 'completed' end`
    const opensAt = (c: string) =>
      `now() + case ${phase(c)} when 'upcoming' then interval '5 days' when 'open' then interval '-1 day' when 'testing' then interval '-20 days' else -(interval '60 days' + (${c} % 1000) * interval '1 day') end`

    await step(
      'products',
      `insert into products (id, name, brand, description, category, retail_value_cents, currency, images, updated_at)
       select ${gid(TAG.product, 'c')}, 'Product ' || c, 'Brand ' || (c % 97), 'A product tested by the community.',
              ${pick(CATEGORIES, 'c')}, 1000 + (c % 50) * 100, 'EUR', '["/suite/api/public/images/skillet.svg"]'::jsonb, now()
       from generate_series(1, ${C}) c`,
    )
    await step(
      'campaigns',
      `insert into campaigns (id, slug, title, summary, description, kind, product_id, eligibility, screener, tasks, status, selection_mode, created_at, updated_at)
       select ${gid(TAG.campaign, 'c')}, 'large-' || c, 'Test number ' || c, 'Try the product and tell others about it.',
              'Try it for three weeks.' || chr(10) || chr(10) || '- Use it every day' || chr(10) || '- Write a review',
              case when c % 10 = 0 then 'verified-purchase' else 'free-product' end::campaign_kind, ${gid(TAG.product, 'c')},
              '{"countries": ["DE","GB","US","FR","NL","AT","CA","IT","ES","SE"], "minAge": null, "phoneVerifiedRequired": false, "socialProfileRequired": false, "interests": [], "pets": [], "children": null, "minTier": null}'::jsonb,
              '[]'::jsonb, '{"questionnaire": false, "purchaseIntent": false, "review": true, "social": false, "socialPlatforms": [], "impressions": false}'::jsonb,
              'published', case when c % 5 = 0 then 'curated' else 'first-come' end::selection_mode, o - interval '7 days', o - interval '7 days'
       from (select c, ${opensAt('c')} as o from generate_series(1, ${C}) c) f`,
    )
    await step(
      'flights',
      `insert into flights (id, campaign_id, name, position, signup_opens_at, signup_closes_at, testing_starts_at, review_due_at, quota, unchosen_told_at)
       select ${gid(TAG.flight, 'c')}, ${gid(TAG.campaign, 'c')}, 'Wave 1', 1, o, o + interval '11 days', o + interval '13 days', o + interval '40 days',
              ${Math.max(50, Math.ceil((M * 5) / Math.max(1, active)))},
              case when c % 5 = 0 and ph in ('testing', 'completed') then o + interval '11 days' + interval '1 hour' end
       from (select c, ${phase('c')} as ph, ${opensAt('c')} as o from generate_series(1, ${C}) c) f`,
    )
    const settings = JSON.stringify(DEFAULT_NOTIFICATION_SETTINGS).replaceAll("'", "''")
    // Member i takes part in campaigns (7i + 131k) mod active + 1, k = 0 … 4, and joined before the
    // first of them opened (else on a day of the last three years): nobody signs up before they exist.
    const joinedAt = (i: string) =>
      `least(now() - ((${i}) % 1100) * interval '1 day',
             (select min(${opensAt('c')}) from (select ((7 * (${i}) + 131 * k) % ${active}) + 1 as c from generate_series(0, 4) k) mine) - interval '1 day')`
    await step(
      'members',
      `insert into members (id, uid, email, email_key, email_verified, first_name, last_name, display_name, notification_settings, referral_code, created_at, registered_at, updated_at)
       select ${gid(TAG.member, 'i')}, 'large-' || i, e, e, true, f, l, f || ' ' || left(l, 1) || '.', '${settings}'::jsonb, ${referralCode('i')}, t, t, t
       from (select i, f, l, t, lower(f) || '.' || lower(l) || i || '@' || ${pick(MAIL_DOMAINS, 'i')} as e
             from (select i, ${firstName('i')} as f, ${lastName('i')} as l, ${joinedAt('i')} as t from generate_series(1, ${M}) i) n) m`,
    )
    // Households of two accounts, for a few percent of members: i and i + active share all their
    // campaigns (the step between members' campaigns is 7 per member, modulo active), i and i + 1
    // share none (one device pair in ten, below, lives together too). The pairs are kept apart (a
    // member in two of them is left in none), so each household is exactly the two accounts its
    // address links name; the second member of a pair saved the first one's address.
    const chosen = (i: string, every: number, which: number) => `abs(hashint4(${i} + 11)) % ${every} = ${which}`
    await sql.unsafe(`create temporary table gen_households as
      with candidates as (
        select i, i + ${active} as j from generate_series(1, ${M - active}) i where ${chosen('i', 50, 1)}
        union all select i, i + 1 from generate_series(1, ${M - 1}) i where ${chosen('i', 500, 3)}),
      taken as (select m, count(*) as n from (select i as m from candidates union all select j from candidates) u group by m)
      select c.i, c.j from candidates c join taken a on a.m = c.i and a.n = 1 join taken b on b.m = c.j and b.n = 1`)
    await step(
      'addresses',
      `insert into addresses (member_id, name, line1, postal_code, city, country, household_key, updated_at)
       select ${gid(TAG.member, 'i')}, name, line1, postal_code, city, country, ${GENERATED_HOUSEHOLD_KEY}, m.created_at
       from (select i, ${firstName('i')} || ' ' || ${lastName('i')} as name, (h % 200 + 1) || ' Main Street' as line1, lpad((h % 99999)::text, 5, '0') as postal_code,
                    'Town ' || (h % 500) as city, ${pick(COUNTRIES, 'h')} as country
             from (select n as i, coalesce(hh.i, n) as h from generate_series(1, ${M}) n left join gen_households hh on hh.j = n) x) a
       join members m on m.id = ${gid(TAG.member, 'i')}`,
    )
    // Participation p = (i - 1) * 5 + k + 1 of member i in campaign c = (7i + 131k) mod active + 1,
    // in a state the services reach for its campaign's phase. Campaigns c % 5 = 0 are curated,
    // c % 10 = 0 verified purchases (bought by the tester: no parcel; their purchase confirmed
    // before the review). A review is written for the first participation of three members in four:
    // only those are reviewed (waiting for moderation) or completed (published); the others end
    // with the product in hand (delivered, or selected for a purchase). While sign-up is open, a
    // first-come applicant takes a place at once or, the flight being full (its quota is the places
    // taken, below), waits on the waitlist; a curated one waits as an applicant.
    const reviewed = `(k = 0 and i % 4 <> 3)`
    const received = `case when c % 10 = 0 then 'selected' else 'delivered' end`
    const status = `case ph
        when 'completed' then case (i + k) % 10 when 0 then 'withdrawn' when 1 then case when c % 5 = 0 then 'not-selected' else 'withdrawn' end
          else case when ${reviewed} then 'completed' else ${received} end end
        when 'testing' then case (i + k) % 3 when 0 then ${received} when 1 then case when c % 10 = 0 then 'selected' else 'shipped' end
          else case when ${reviewed} then 'reviewed' else ${received} end end
        else case (i + k) % 3 when 1 then 'selected' else case when c % 5 = 0 then 'applied' else 'waitlisted' end end end`
    // Signed up while the flight was open (an open one opened a day ago: the places taken first, the
    // waitlist after); selected at once when first come, by staff at the close when curated (or
    // meanwhile, while open); a review written after delivery, published two days later.
    await sql.unsafe(`create temporary table gen_participations as
      select s.*,
             case when status not in ('applied', 'waitlisted', 'not-selected') then
               case when c % 5 <> 0 then applied when ph = 'open' then applied + (now() - applied) / 2 else o + interval '11 days' end end as selected,
             case when status in ('reviewed', 'completed') then
               o + case when ph = 'testing' then interval '16 days' else interval '30 days' end + (p % 1440) * interval '1 minute' end as submitted
      from (select t.*, o + case when ph = 'open' then (case when status = 'selected' then p % 12 else 12 + p % 12 end) * interval '1 hour'
                                 else (p % 240) * interval '1 hour' end as applied
            from (select i, k, c, (i - 1) * 5 + k + 1 as p, ph, o, (${status})::participation_status as status
                  from (select i, k, ((7 * i + 131 * k) % ${active}) + 1 as c from generate_series(1, ${M}) i, generate_series(0, 4) k) x,
                  lateral (select ${phase('c')} as ph, ${opensAt('c')} as o) f) t) s`)
    await step(
      'participations',
      `insert into participations (id, member_id, campaign_id, flight_id, status, applied_at, selected_at, withdrawn_at, completed_at,
                                   purchase_intent_acked_at, review_submitted_at, updated_at)
       select ${gid(TAG.participation, 'p')}, ${gid(TAG.member, 'i')}, ${gid(TAG.campaign, 'c')}, ${gid(TAG.flight, 'c')}, status, applied, selected,
              case when status = 'withdrawn' then o + interval '12 days' end,
              case when status = 'completed' then submitted + interval '2 days' end,
              case when c % 10 = 0 and status in ('reviewed', 'completed') then selected + interval '1 day' end,
              submitted, least(now(), o + interval '38 days')
       from gen_participations`,
    )
    // Each flight's quota holds its places; a first-come flight with a waitlist is full.
    await sql.unsafe(`update flights f set quota = case when n.waiting > 0 and n.c % 5 <> 0 then n.places else greatest(f.quota, n.places) end
      from (select c, count(*) filter (where status in ('selected', 'shipped', 'delivered', 'reviewed', 'completed'))::int as places,
                   count(*) filter (where status = 'waitlisted')::int as waiting
            from gen_participations group by c) n
      where f.id = ${gid(TAG.flight, 'n.c')}`)
    // A free product's parcel from its selection: waiting while selected, then shipped, then delivered.
    await step(
      'shipments',
      `insert into shipments (id, participation_id, member_id, status, carrier, tracking_number, created_at, shipped_at, delivered_at)
       select ${gid(TAG.shipment, 'p')}, ${gid(TAG.participation, 'p')}, ${gid(TAG.member, 'i')},
              case status when 'selected' then 'pending' when 'shipped' then 'shipped' else 'delivered' end::shipment_status,
              case when status <> 'selected' then 'DHL' end, case when status <> 'selected' then 'JD' || lpad(p::text, 12, '0') end,
              selected, case when status <> 'selected' then o + interval '12 days' end,
              case when status in ('delivered', 'reviewed', 'completed') then o + interval '14 days' end
       from gen_participations where c % 10 <> 0 and status in ('selected', 'shipped', 'delivered', 'reviewed', 'completed')`,
    )
    // The reviews of the reviewed and completed participations: published (by a moderator's
    // decision) when completed, waiting for moderation when reviewed; a third of them with a photo.
    await sql.unsafe(`create temporary table gen_reviews as
      select p, i, c, o, status, submitted, case when status = 'completed' then submitted + interval '2 days' end as published,
             case when status = 'completed' then 'published' else 'pending' end::review_status as review_status,
             (array[5, 5, 4, 4, 5, 3, 4, 2, 5, 1])[1 + (i * 31) % 10] as rating
      from gen_participations where status in ('reviewed', 'completed')`)
    // The reviews' counts per campaign and rating (published; waiting for moderation) are kept by
    // triggers row by row; for a bulk insert they are summed once afterwards instead.
    // What each review shows of its campaign, product and author is copied by a trigger row by row
    // (migration 0028); here the insert copies it itself, in one join.
    await sql`alter table reviews disable trigger reviews_follow_stats`
    await sql`alter table reviews disable trigger reviews_follow_moderation_queue`
    await sql`alter table reviews disable trigger reviews_fill_shown`
    await step(
      'reviews',
      `insert into reviews (id, participation_id, member_id, campaign_id, product_id, rating, title, body, photos, received_for_free, status, submitted_at,
                            published_at, decided_by_uid, decided_by_name, decided_at,
                            shown_campaign_slug, shown_product_name, shown_brand, shown_image_url, shown_author_name)
       select ${gid(TAG.review, 'p')}, ${gid(TAG.participation, 'p')}, ${gid(TAG.member, 'i')}, ${gid(TAG.campaign, 'c')}, ${gid(TAG.product, 'c')},
              rating, ${pick(TITLES, 'p')}, ${pick(BODIES, 'i')},
              case when p % 3 = 0 then jsonb_build_array(jsonb_build_object('id', ${gid(TAG.photo, 'p')}::text, 'alt', 'The product in use')) else '[]'::jsonb end,
              true, review_status, submitted, published,
              case when published is not null then 'large-moderator' end, case when published is not null then 'Community moderator' end, published,
              shown_campaign.slug, shown_product.name, shown_product.brand, coalesce(shown_product.images ->> 0, ''),
              member_shown_name(shown_author.display_name, shown_author.pseudonymized_at)
       from gen_reviews
       join campaigns shown_campaign on shown_campaign.id = ${gid(TAG.campaign, 'c')}
       join products shown_product on shown_product.id = ${gid(TAG.product, 'c')}
       join members shown_author on shown_author.id = ${gid(TAG.member, 'i')}`,
    )
    await sql`alter table reviews enable trigger reviews_fill_shown`
    await sql`alter table reviews enable trigger reviews_follow_stats`
    await enableAndRefill(
      [{ table: 'reviews', trigger: 'reviews_follow_moderation_queue' }],
      'moderation_queue_refill',
      'moderation_queue_counts',
      'queue counts',
    )
    await step(
      'review_stats',
      `insert into review_stats (campaign_id, product_id, rating, reviews)
       select ${gid(TAG.campaign, 'c')}, ${gid(TAG.product, 'c')}, rating, count(*) from gen_reviews where review_status = 'published' group by c, rating`,
    )
    await enableAndRefill(RESULTS_TRIGGERS, 'results_refill', 'result_flight_counts', 'results counts')
    await enableAndRefill(FLIGHT_APPLICANTS_TRIGGERS, 'flight_applicants_refill', 'flight_applicant_counts', 'flight counts')
    await step(
      'review_photos',
      `insert into review_photos (id, member_id, participation_id, review_id, width, height, created_at)
       select ${gid(TAG.photo, 'p')}, ${gid(TAG.member, 'i')}, ${gid(TAG.participation, 'p')}, ${gid(TAG.review, 'p')}, 1600, 1200, submitted - interval '1 hour'
       from gen_reviews where p % 3 = 0`,
    )
    await step(
      'ledger_entries',
      `insert into ledger_entries (id, member_id, points, reason, mission_key, idempotency_key, created_at)
       select ${gid(TAG.ledger, '(i - 1) * 3 + e')}, id, (array[50, 25, 100])[e], (array['Mission: Welcome', 'Mission: Verify your e-mail', 'Review published'])[e],
              (array['welcome', 'verify-email', null])[e], 'large:' || e, created_at + e * interval '1 hour'
       from (select m.id, substr(m.uid, 7)::int as i, m.created_at, e from members m, generate_series(1, 3) e where m.uid like 'large-%') x`,
    )
    await step(
      'outbox',
      `insert into outbox (id, channel, recipient, subject, body, created_at, sent_at, attempts, next_attempt_at, topic, template, member_id)
       select ${gid(TAG.outbox, '(i - 1) * 2 + e')}, 'email', email, (array['Welcome to Testers Circle', 'Your test product is on its way'])[e], '',
              t, t, 1, t, (array['transactional', 'shipmentUpdates'])[e], (array['verify-email', 'shipment-shipped'])[e], id
       from (select m.id, m.email, substr(m.uid, 7)::int as i, e, m.created_at + e * interval '1 day' as t
             from members m, generate_series(1, 2) e where m.uid like 'large-%') x`,
    )
    // Links between accounts, both ways, for about a tenth of members, in pairs chosen by a hash of the
    // member's number (a member's campaigns follow from that number modulo active, so a choice by
    // modulo would leave whole flights without links): the households above, linked by their
    // address, and members who share an e-mail mailbox or a device with the next member (other
    // campaigns). One household pair of i and i + active in ten is ruled "not the same person". A
    // link is first seen once both accounts exist.
    await sql.unsafe(`create temporary table gen_links as
      select i, j, 'address' as kind from gen_households
      union all select i, i + 1, 'email' from generate_series(1, ${M - 1}) i where ${chosen('i', 50, 2)}
      union all select i, i + 1, 'device' from generate_series(1, ${M - 1}) i where ${chosen('i', 50, 3)}`)
    await step(
      'account_links',
      `insert into account_links (member_id, linked_member_id, kind, first_seen_at, last_seen_at)
       select ${gid(TAG.member, 'a')}, ${gid(TAG.member, 'b')}, kind::account_link_kind, first_seen, greatest(first_seen, now() - (a % 30) * interval '1 day')
       from (select a, b, kind, least(now(), greatest(ma.created_at, mb.created_at) + (a % 700) * interval '1 hour') as first_seen
             from (select i as a, j as b, kind from gen_links union all select j, i, kind from gen_links) l
             join members ma on ma.id = ${gid(TAG.member, 'l.a')} join members mb on mb.id = ${gid(TAG.member, 'l.b')}) s`,
    )
    await step(
      'account_link_rulings',
      `insert into account_link_rulings (member_id, linked_member_id, note, ruled_by, ruled_at)
       select ${gid(TAG.member, 'a')}, ${gid(TAG.member, 'b')}, 'Two people: checked by support', 'large-support', now() - (a % 30) * interval '1 day'
       from (select i as a, j as b from gen_links where kind = 'address' and ${chosen('i', 500, 1)}
             union all select j, i from gen_links where kind = 'address' and ${chosen('i', 500, 1)}) r`,
    )
    // Each member's state and the linked applicants, worked out once from all the links.
    await enableAndRefill(LINKED_TRIGGERS, 'linked_applicants_refill', 'linked_applicants', 'linked applicants')
    // As autovacuum would soon: the statistics the planner needs, the GIN indexes' pending entries
    // merged (searched linearly until then), and the visibility map that lets index-only scans skip the heap.
    const started = performance.now()
    await sql`vacuum analyze`
    log(`vacuum analyze                        ${((performance.now() - started) / 1000).toFixed(1)} s`)
    return counts
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The command line: `npm run db:large -- [--members N]` with DATABASE_URL. */
async function main() {
  const url = process.env.DATABASE_URL
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('Set DATABASE_URL to the PostgreSQL database to fill (a fresh one): DATABASE_URL=postgres://… npm run db:large -- --members 1000000')
    process.exit(2)
  }
  const at = process.argv.indexOf('--members')
  const members = at >= 0 ? Number(process.argv[at + 1]) : 1_000_000
  if (!Number.isInteger(members) || members < 100 || members > 50_000_000) {
    console.error('--members must be a whole number from 100 to 50,000,000.')
    process.exit(2)
  }
  const planned = plannedCounts({ members })
  console.log(
    `Generating ${members.toLocaleString('en')} members, ${planned.campaigns.toLocaleString('en')} campaigns, ${planned.participations.toLocaleString('en')} participations …`,
  )
  const started = performance.now()
  await generateLargeCommunity(url, { members })
  console.log(`Done in ${((performance.now() - started) / 60_000).toFixed(1)} minutes.`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

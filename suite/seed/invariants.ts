// The states the member API's own services can produce, as rules checked by SQL over a whole
// database: the demo seed and the large-data generator write rows directly, and these rules say
// whether what they wrote could have happened. Each rule is one query answering the rows that break
// it (an id, and what is wrong); a scope restricts the check to some members' rows (and, for the
// rules of a flight, to the flights those members took part in).
//
// Where a service lets a state change afterwards (a member moving house, staff editing a campaign's
// rules), a rule holds only for rows nothing changed since: the address and the campaign are
// compared with the time the participation was decided.
import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { uuidList } from '../db/id-lists'

export interface Violation {
  rule: string
  /** The row that breaks the rule (a participation, shipment, review, flight or member id). */
  id: string
  detail?: string
  /** How many rows break the rule in all (the examples answered are at most EXAMPLES). */
  total?: number
}

/** The examples answered per rule; `total` keeps the whole count. */
export const EXAMPLES = 20

/** The statuses of a participation that holds a place in its flight (PLACE_HOLDING_STATUSES). */
const PLACE = sql.raw(`('selected', 'shipped', 'delivered', 'reviewed', 'completed')`)

interface Scope {
  /** A condition true of a member id column in scope. */
  member(column: string): SQL
  /** A condition true of a flight id column whose flight a member in scope took part in. */
  flight(column: string): SQL
}

function scopeOf(scope?: { memberIds: string[] }): Scope {
  if (!scope) return { member: () => sql`true`, flight: () => sql`true` }
  const ids = uuidList(scope.memberIds)
  return {
    member: (column) => sql`${sql.raw(column)} = any(${ids})`,
    flight: (column) => sql`${sql.raw(column)} in (select sp.flight_id from participations sp where sp.member_id = any(${ids}))`,
  }
}

/** Each rule: its name, and the query of the rows breaking it (columns `id` and `detail`). */
const RULES: Array<{ rule: string; query: (s: Scope) => SQL }> = [
  {
    // A place is given only to an eligible member, and eligibility asks for a saved address; an
    // address is removed only with the account (whose rows are then pseudonymised).
    rule: 'place-without-address',
    query: (s) => sql`select p.id, 'member ' || p.member_id || ' is ' || p.status as detail
      from participations p join members m on m.id = p.member_id
      where p.status in ${PLACE} and m.pseudonymized_at is null
        and not exists (select 1 from addresses a where a.member_id = p.member_id) and ${s.member('p.member_id')}`,
  },
  {
    // A parcel waiting to ship goes to the member's saved address.
    rule: 'pending-shipment-without-address',
    query: (s) => sql`select sh.id, 'member ' || sh.member_id as detail from shipments sh
      where sh.status = 'pending' and not exists (select 1 from addresses a where a.member_id = sh.member_id) and ${s.member('sh.member_id')}`,
  },
  {
    // Selection in a free-product campaign makes the parcel (onSelected); a withdrawal, which ends the
    // place, drops it while it is pending. So every place holder of a free-product campaign has one.
    rule: 'free-product-place-without-shipment',
    query: (s) => sql`select p.id, 'status ' || p.status as detail
      from participations p join campaigns c on c.id = p.campaign_id
      where c.kind = 'free-product' and p.status in ${PLACE}
        and not exists (select 1 from shipments sh where sh.participation_id = p.id) and ${s.member('p.member_id')}`,
  },
  {
    // A verified-purchase tester buys the product: nothing is shipped to them.
    rule: 'verified-purchase-shipment',
    query: (s) => sql`select sh.id, 'participation ' || p.id as detail
      from shipments sh join participations p on p.id = sh.participation_id join campaigns c on c.id = p.campaign_id
      where c.kind = 'verified-purchase' and ${s.member('sh.member_id')}`,
  },
  {
    // A parcel belongs to a participation that was selected and still holds its place (a withdrawal
    // of a selected tester drops the pending parcel; a shipped one cannot be withdrawn).
    rule: 'shipment-without-place',
    query: (
      s,
    ) => sql`select sh.id, 'participation ' || p.id || ' is ' || p.status || case when p.selected_at is null then ', never selected' else '' end as detail
      from shipments sh join participations p on p.id = sh.participation_id
      where (p.selected_at is null or p.status not in ${PLACE}) and ${s.member('sh.member_id')}`,
  },
  {
    // The participation follows its parcel: selected while it waits, shipped when it ships, delivered
    // (and then reviewed, completed) once delivered. A verified-purchase tester has no parcel.
    rule: 'status-without-parcel',
    query: (s) => sql`select p.id, 'status ' || p.status || ', parcel ' || coalesce(sh.status::text, 'none') as detail
      from participations p join campaigns c on c.id = p.campaign_id left join shipments sh on sh.participation_id = p.id
      where ((p.status = 'shipped' and sh.status is distinct from 'shipped')
          or (c.kind = 'free-product' and p.status = 'selected' and sh.status is distinct from 'pending')
          or (c.kind = 'free-product' and p.status in ('delivered', 'reviewed', 'completed') and sh.status is distinct from 'delivered'))
        and ${s.member('p.member_id')}`,
  },
  {
    // A free product is reviewed once it has arrived (reviewBlocker): its parcel was delivered
    // before the review was submitted.
    rule: 'review-before-delivery',
    query: (s) => sql`select r.id, 'submitted ' || r.submitted_at || ', delivered ' || coalesce(sh.delivered_at::text, 'never') as detail
      from reviews r join participations p on p.id = r.participation_id join campaigns c on c.id = p.campaign_id
        left join shipments sh on sh.participation_id = p.id
      where c.kind = 'free-product' and (sh.delivered_at is null or sh.delivered_at > r.submitted_at) and ${s.member('r.member_id')}`,
  },
  {
    // A review leaves moderation by a decision (decideReview): published or rejected, it has the
    // decision's time, and a published one its publication time.
    rule: 'review-without-decision',
    query: (s) => sql`select r.id, r.status || case when r.decided_at is null then ', no decided_at' else '' end
        || case when r.status = 'published' and r.published_at is null then ', no published_at' else '' end as detail
      from reviews r
      where ((r.status in ('published', 'rejected') and r.decided_at is null) or (r.status = 'published' and r.published_at is null))
        and ${s.member('r.member_id')}`,
  },
  {
    // Only submitting a review makes a participation 'reviewed' (the row is written with it), and a
    // participation completes only once every task is done, a review counting once published
    // (completeWhenDone) — for a campaign whose tasks were not edited since. A deleted account's
    // unpublished reviews are removed, so its rows are left out.
    rule: 'reviewed-without-review',
    query: (s) => sql`select p.id, 'status ' || p.status || ', review ' || coalesce(r.status::text, 'none') as detail
      from participations p join campaigns c on c.id = p.campaign_id join members m on m.id = p.member_id
        left join reviews r on r.participation_id = p.id
      where m.pseudonymized_at is null
        and ((p.status = 'reviewed' and r.id is null)
          or (p.status = 'completed' and (c.tasks->>'review')::boolean and c.updated_at <= p.completed_at and r.status is distinct from 'published'))
        and ${s.member('p.member_id')}`,
  },
  {
    // Submitting a review makes its participation 'reviewed', and publishing it may complete the
    // participation; a rejection sends the participation back, so only a rejected review may belong
    // to one neither reviewed nor completed.
    rule: 'review-of-unreviewed-participation',
    query: (s) => sql`select r.id, 'review ' || r.status || ', participation ' || p.status as detail
      from reviews r join participations p on p.id = r.participation_id
      where r.status in ('pending', 'published') and p.status not in ('reviewed', 'completed') and ${s.member('r.member_id')}`,
  },
  {
    // Places are given under the flight's lock, never beyond its quota, and a quota is never lowered
    // below the places taken.
    rule: 'flight-over-quota',
    query: (s) => sql`select f.id, n || ' places, quota ' || f.quota as detail
      from flights f join lateral (select count(*) as n from participations p where p.flight_id = f.id and p.status in ${PLACE}) taken on true
      where n > f.quota and ${s.flight('f.id')}`,
  },
  {
    // First come, first served: an eligible applicant takes a free place at once or joins the
    // waitlist; only a curated campaign's applications wait as 'applied' (and the selection mode of a
    // published campaign never changes).
    rule: 'first-come-applied',
    query: (s) => sql`select p.id, 'campaign ' || c.id as detail from participations p join campaigns c on c.id = p.campaign_id
      where c.selection_mode = 'first-come' and p.status = 'applied' and ${s.member('p.member_id')}`,
  },
  {
    // In a first-come flight a member is waitlisted only when it is full, and a freed place (or a
    // raised quota) goes to the waitlist at once: a flight open for sign-up with free places has no
    // one waiting, a suspended member (never promoted) aside.
    rule: 'waitlisted-beside-free-place',
    query: (s) => sql`select p.id, 'flight ' || f.id || ': ' || taken.n || ' places, quota ' || f.quota as detail
      from participations p join flights f on f.id = p.flight_id join campaigns c on c.id = p.campaign_id
        join lateral (select count(*) as n from participations q where q.flight_id = f.id and q.status in ${PLACE}) taken on true
      where p.status = 'waitlisted' and c.selection_mode = 'first-come' and f.signup_opens_at <= now() and now() < f.signup_closes_at
        and taken.n < f.quota
        and not exists (select 1 from suspensions su where su.member_id = p.member_id and su.lifted_at is null and (su.until is null or su.until > now()))
        and ${s.member('p.member_id')}`,
  },
  {
    // One tester per household, when the campaign's eligibility says so (missing means no): two
    // members at one address never both hold a place in the campaign — checked when the later of
    // them was given theirs, so both addresses and the campaign unchanged since then.
    rule: 'second-of-household',
    query: (s) => sql`select p2.id, 'household of member ' || p1.member_id || ' (participation ' || p1.id || ')' as detail
      from participations p1 join participations p2 on p2.campaign_id = p1.campaign_id and p2.member_id <> p1.member_id
        join addresses a1 on a1.member_id = p1.member_id join addresses a2 on a2.member_id = p2.member_id
        join campaigns c on c.id = p1.campaign_id
      where p1.status in ${PLACE} and p2.status in ${PLACE} and a1.household_key = a2.household_key
        and coalesce((c.eligibility->>'onePerHousehold')::boolean, false)
        and (p2.selected_at, p2.id) > (p1.selected_at, p1.id)
        and greatest(a1.updated_at, a2.updated_at, c.updated_at) <= p2.selected_at
        and (${s.member('p1.member_id')} or ${s.member('p2.member_id')})`,
  },
  {
    // A member signs up only where the campaign takes their address's country — for an address and
    // campaign unchanged since the sign-up (a member may move, staff may edit the rules).
    rule: 'place-outside-countries',
    query: (s) => sql`select p.id, 'country ' || a.country as detail
      from participations p join addresses a on a.member_id = p.member_id join campaigns c on c.id = p.campaign_id
      where p.status in ${PLACE} and not (coalesce(c.eligibility->'countries', '[]'::jsonb) @> to_jsonb(a.country))
        and a.updated_at <= p.applied_at and c.updated_at <= p.applied_at and ${s.member('p.member_id')}`,
  },
  {
    // A sign-up is made while the flight is open (its opening and closing, once passed, are kept),
    // by a member whose record exists.
    rule: 'applied-outside-window',
    query: (s) => sql`select p.id, 'applied ' || p.applied_at || ', window ' || f.signup_opens_at || ' … ' || f.signup_closes_at
        || case when p.applied_at < m.created_at then ', before the member joined ' || m.created_at else '' end as detail
      from participations p join flights f on f.id = p.flight_id join members m on m.id = p.member_id
      where (p.applied_at < f.signup_opens_at or p.applied_at > f.signup_closes_at or p.applied_at < m.created_at) and ${s.member('p.member_id')}`,
  },
  {
    // Selection follows the sign-up.
    rule: 'selected-before-applied',
    query: (s) => sql`select p.id, 'applied ' || p.applied_at || ', selected ' || p.selected_at as detail from participations p
      where p.selected_at < p.applied_at and ${s.member('p.member_id')}`,
  },
  {
    // A parcel is made at selection and ships after it.
    rule: 'shipped-before-selected',
    query: (s) => sql`select sh.id, 'selected ' || p.selected_at || ', shipped ' || sh.shipped_at as detail
      from shipments sh join participations p on p.id = sh.participation_id
      where (sh.shipped_at < p.selected_at or sh.created_at < p.selected_at) and ${s.member('sh.member_id')}`,
  },
  {
    // A parcel is delivered after it shipped (deliver takes shipped parcels only).
    rule: 'delivered-before-shipped',
    query: (s) => sql`select sh.id, 'shipped ' || coalesce(sh.shipped_at::text, 'never') || ', delivered ' || sh.delivered_at as detail
      from shipments sh where sh.delivered_at is not null and (sh.shipped_at is null or sh.delivered_at < sh.shipped_at) and ${s.member('sh.member_id')}`,
  },
  {
    // A review is published by a decision made after it was submitted.
    rule: 'published-before-submitted',
    query: (s) => sql`select r.id, 'submitted ' || r.submitted_at || ', published ' || r.published_at as detail
      from reviews r where (r.published_at < r.submitted_at or r.decided_at < r.submitted_at) and ${s.member('r.member_id')}`,
  },
  {
    // Every step is dated by the clock when it happens: none of these dates is in the future.
    rule: 'dated-in-the-future',
    query: (s) => sql`select id, what as detail from (
        select p.id, p.member_id, 'participation ' || p.status as what from participations p
          where greatest(p.applied_at, p.selected_at, p.withdrawn_at, p.completed_at, p.review_submitted_at) > now()
        union all select sh.id, sh.member_id, 'shipment ' || sh.status from shipments sh where greatest(sh.created_at, sh.shipped_at, sh.delivered_at) > now()
        union all select r.id, r.member_id, 'review ' || r.status from reviews r where greatest(r.submitted_at, r.published_at, r.decided_at) > now()
      ) future where ${s.member('member_id')}`,
  },
  {
    // A referral is recorded at registration only (completeRegistration), which dates it; a
    // member's registration cannot precede their record. (A member without an e-mail address or
    // without a registration is a state the services make — a phone-only sign-in, a member who never
    // finished registering — so neither alone is a violation.)
    rule: 'member-registration',
    query: (
      s,
    ) => sql`select m.id, case when m.registered_at is null then 'referred without a registration' else 'registered ' || m.registered_at || ' before created ' || m.created_at end as detail
      from members m
      where m.pseudonymized_at is null and ((m.referred_by_id is not null and m.registered_at is null) or m.registered_at < m.created_at)
        and ${s.member('m.id')}`,
  },
  {
    // A referral is accepted when the referred member completes their first test (completeWhenDone),
    // and only a referred member's.
    rule: 'referral-accepted-without-completion',
    query: (s) => sql`select m.id, case when m.referred_by_id is null then 'never referred' else 'no test completed' end as detail from members m
      where m.referral_accepted_at is not null
        and (m.referred_by_id is null or not exists (select 1 from participations p where p.member_id = m.id and p.status = 'completed'))
        and ${s.member('m.id')}`,
  },
  {
    // A link of kind address is recorded when a saved address shares its household key with
    // another account's: two addresses neither of which was saved again since the link was last
    // seen still share that key.
    rule: 'address-link-without-shared-address',
    query: (
      s,
    ) => sql`select l.member_id as id, 'linked to ' || l.linked_member_id || ': ' || coalesce(a.household_key, '?') || ' / ' || coalesce(b.household_key, '?') as detail
      from account_links l join addresses a on a.member_id = l.member_id join addresses b on b.member_id = l.linked_member_id
      where l.kind = 'address' and a.household_key is distinct from b.household_key
        and a.updated_at <= l.last_seen_at and b.updated_at <= l.last_seen_at and ${s.member('l.member_id')}`,
  },
  {
    // The linked applicants are kept with every link, ruling and application (migration 0025): a
    // participation is listed exactly when its member has a link no staff ruled "not the same person".
    rule: 'linked-applicants-kept',
    query: (s) => sql`select p.id, case when la.participation_id is null then 'linked, not listed' else 'listed, not linked' end as detail
      from participations p left join linked_applicants la on la.flight_id = p.flight_id and la.participation_id = p.id
      where (la.participation_id is not null) <> member_has_counting_link(p.member_id) and ${s.member('p.member_id')}`,
  },
  {
    // What a review shows of its campaign, product and author is kept on it with every change to
    // them (migration 0028): each review's copy is what they say now.
    rule: 'review-shown-kept',
    query: (
      s,
    ) => sql`select r.id, 'shows ' || concat_ws(' / ', r.shown_campaign_slug, r.shown_product_name, r.shown_brand, r.shown_image_url, r.shown_author_name)
        || ', not ' || concat_ws(' / ', c.slug, p.name, p.brand, coalesce(p.images ->> 0, ''), member_shown_name(m.display_name, m.pseudonymized_at)) as detail
      from reviews r join campaigns c on c.id = r.campaign_id join products p on p.id = r.product_id join members m on m.id = r.member_id
      where (r.shown_campaign_slug, r.shown_product_name, r.shown_brand, r.shown_image_url, r.shown_author_name)
        is distinct from (c.slug, p.name, p.brand, coalesce(p.images ->> 0, ''), member_shown_name(m.display_name, m.pseudonymized_at))
        and ${s.member('r.member_id')}`,
  },
  {
    // The moderation queue's counts are kept with every review sent, decided or removed (migration
    // 0027): each campaign's count per rating is the number of its reviews waiting.
    rule: 'moderation-queue-kept',
    query: (s) => sql`select coalesce(k.campaign_id, w.campaign_id) as id,
        'rating ' || coalesce(k.rating, w.rating) || ': kept ' || coalesce(k.reviews, 0) || ', waiting ' || coalesce(w.n, 0) as detail
      from (select campaign_id, rating, reviews from moderation_queue_counts where reviews <> 0) k
      full join (select campaign_id, rating, count(*)::int as n from reviews where status = 'pending' group by campaign_id, rating) w
        on w.campaign_id = k.campaign_id and w.rating = k.rating
      where coalesce(k.reviews, 0) <> coalesce(w.n, 0)
        and coalesce(k.campaign_id, w.campaign_id) in (select sf.campaign_id from flights sf where ${s.flight('sf.id')})`,
  },
  {
    // Each flight's participations per status are kept with every application and move (migration
    // 0027): each kept count is the number of the flight's participations in that status.
    rule: 'flight-applicants-kept',
    query: (s) => sql`select coalesce(k.flight_id, w.flight_id) as id,
        coalesce(k.status, w.status) || ': kept ' || coalesce(k.n, 0) || ', counted ' || coalesce(w.n, 0) as detail
      from (select c.flight_id, replace(e.key, '_', '-') as status, e.value::int as n
            from flight_applicant_counts c, jsonb_each(to_jsonb(c) - 'flight_id') e where e.value::int <> 0) k
      full join (select flight_id, status::text as status, count(*)::int as n from participations group by flight_id, status) w
        on w.flight_id = k.flight_id and w.status = k.status
      where coalesce(k.n, 0) <> coalesce(w.n, 0) and ${s.flight('coalesce(k.flight_id, w.flight_id)')}`,
  },
]

/** The names of the rules, in the order they are checked. */
export const INVARIANT_RULES = RULES.map((r) => r.rule)

/** postgres.js answers an array of rows, PGlite an object holding them. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/**
 * The rows breaking each rule (at most EXAMPLES per rule, each with the rule's total), on the whole
 * database or on the rows of the members of `scope`. Empty when the data could have happened.
 */
export async function invariantViolations(ex: Executor, scope?: { memberIds: string[] }): Promise<Violation[]> {
  const s = scopeOf(scope)
  const violations: Violation[] = []
  for (const { rule, query } of RULES) {
    const result = await ex.execute(
      sql`select v.id::text as id, v.detail::text as detail, (count(*) over ())::int as total from (${query(s)}) v order by v.id limit ${EXAMPLES}`,
    )
    for (const row of rowsOf<{ id: string; detail: string | null; total: number | string }>(result)) {
      violations.push({ rule, id: row.id, ...(row.detail !== null && { detail: row.detail }), total: Number(row.total) })
    }
  }
  return violations
}

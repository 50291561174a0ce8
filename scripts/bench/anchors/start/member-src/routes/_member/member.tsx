import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { listQuery, type Item } from '../../data'

/** A page of the member's participations as the portal shows them: grouped, a card each with its next step. */
export const Route = createFileRoute('/_member/member')({
  head: () => ({ meta: [{ title: 'My campaigns · Testers Circle' }, { name: 'robots', content: 'noindex' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(listQuery),
  component: MemberPage,
})

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'short' })
const BUTTON =
  'relative inline-flex items-center gap-2 overflow-hidden rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-busy:cursor-progress focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus-ring px-3 py-1.5 text-sm flex-row justify-center'
const PRIMARY = `${BUTTON} bg-toga text-white hover:bg-toga-dark`
const SECONDARY = `${BUTTON} bg-authentic-soft text-authentic hover:bg-[#d6e0ee]`

const GROUPS = [
  [
    'in-progress',
    'Testing now',
    'You were selected: these tests have something for you to do or to look forward to.',
    ['selected', 'shipped', 'delivered', 'reviewed'],
  ],
  ['waiting', 'Waiting for a place', 'You applied; a place may still open up.', ['applied', 'waitlisted']],
  ['completed', 'Completed', 'Tests you finished. Thank you for your reviews.', ['completed']],
  ['closed', 'Closed', 'Tests you were not chosen for, were not eligible for, or withdrew from.', ['not-eligible', 'not-selected', 'withdrawn']],
] as const

const BADGE: Record<string, string> = {
  applied: 'bg-authentic-soft text-authentic',
  selected: 'bg-[#e7f4ee] text-[#12402f]',
  waitlisted: 'bg-[#fff3e0] text-[#6b3900]',
  shipped: 'bg-[#eaf0fb] text-[#1a3366]',
  delivered: 'bg-[#eaf0fb] text-[#1a3366]',
  reviewed: 'bg-[#f0ebfa] text-[#3f2877]',
  completed: 'bg-[#e7f4ee] text-[#12402f]',
}

function MemberPage() {
  const { data } = useSuspenseQuery(listQuery)
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-authentic">My campaigns</h1>
      <p className="mt-2 max-w-2xl text-muted">Every campaign you applied for, and what to do next in each.</p>
      <div className="mt-8">
        <div className="flex flex-col gap-10">
          {GROUPS.map(([group, title, intro, statuses]) => {
            const items = data.items.filter((item) => (statuses as readonly string[]).includes(item.status))
            if (items.length === 0) return null
            return (
              <section key={group} aria-labelledby={`group-${group}`}>
                <h2 id={`group-${group}`} className="text-xl font-bold text-authentic">
                  {title} <span className="font-normal text-muted">({items.length})</span>
                </h2>
                <p className="mt-1 text-muted">{intro}</p>
                <ul className="mt-4 flex flex-col gap-4">
                  {items.map((item) => (
                    <Card key={item.id} item={item} />
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
      </div>
    </div>
  )
}

function Card({ item }: { item: Item }) {
  return (
    <li className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <div className="flex gap-4">
        <img
          src={item.campaign.imageUrl}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="rounded-lg bg-authentic-soft object-cover size-16 shrink-0 sm:size-20"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="text-lg font-semibold text-ink">
              <Link to="/member" hash={item.campaignId} className="hover:underline">
                {item.campaign.title}
              </Link>
            </h3>
            <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${BADGE[item.status] ?? 'bg-[#f1f2f4] text-ink'}`}>
              {item.status}
            </span>
          </div>
          <p className="text-sm text-muted">
            {item.campaign.brand} · {item.campaign.productName} · {`${item.flightName}, applied ${DATE.format(new Date(item.appliedAt))}`}
          </p>
        </div>
      </div>
      <div className="mt-4 border-t border-line pt-4">
        <NextStep item={item} />
      </div>
    </li>
  )
}

/** A sentence and a link per status, as the portal's next step. */
function NextStep({ item }: { item: Item }) {
  let sentence = 'We are choosing the testers. You will hear from us by e-mail.'
  let action = (
    <Link to="/member" hash={item.campaignId} aria-label={`See details of ${item.campaign.title}`} className={SECONDARY}>
      See details
    </Link>
  )
  if (item.status === 'waitlisted') sentence = `You are number ${item.waitlistPosition ?? 1} on the waitlist. A place opens when a selected tester withdraws.`
  if (item.status === 'shipped') {
    sentence = `Your product is on its way with ${item.shipment?.carrier ?? 'the carrier'}.`
    action = (
      <Link to="/member" hash="shipments" className={PRIMARY}>
        Track my shipment
      </Link>
    )
  }
  if (item.status === 'delivered') {
    sentence = `Your product is here. Please write your review by ${DATE.format(new Date(item.reviewDueAt))}.`
    action = (
      <Link to="/member" hash={item.campaign.productId} className={PRIMARY}>
        Write my review
      </Link>
    )
  }
  if (item.status === 'completed') {
    sentence = 'Your review was published. Thank you for testing!'
    action = (
      <Link to="/member" hash={item.review?.id ?? item.id} className={SECONDARY}>
        Read my review
      </Link>
    )
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-ink">{sentence}</div>
      <div className="flex shrink-0 gap-2">{action}</div>
    </div>
  )
}

import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { listQuery } from '../../data'

/** A page of the member's participations, a card each. */
export const Route = createFileRoute('/_member/member')({
  loader: ({ context }) => context.queryClient.ensureQueryData(listQuery),
  component: MemberPage,
})

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

function MemberPage() {
  const { data } = useSuspenseQuery(listQuery)
  return (
    <main>
      <h1>My campaigns</h1>
      <p>Every campaign you applied for, and what to do next in each.</p>
      <ul>
        {data.items.map((item) => (
          <li key={item.id}>
            <article>
              <img src={item.campaign.imageUrl} alt="" width={64} height={64} />
              <h2>{item.campaign.title}</h2>
              <p>
                {item.campaign.brand} · {item.campaign.productName}
              </p>
              <p>
                {item.flightName} · {item.status} · applied {DATE.format(new Date(item.appliedAt))}
              </p>
              <Link to="/member">Open</Link>
            </article>
          </li>
        ))}
      </ul>
    </main>
  )
}

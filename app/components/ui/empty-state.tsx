import { useId, type ReactNode } from 'react'

/** What a list shows when it has nothing yet: what that means, and what to do next. */
export function EmptyState({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-canvas p-6 sm:p-8">
      <h2 id={headingId} className="text-xl font-bold text-authentic">
        {title}
      </h2>
      <p className="mt-2 max-w-xl text-ink">{children}</p>
      {action && <div className="mt-5">{action}</div>}
    </section>
  )
}

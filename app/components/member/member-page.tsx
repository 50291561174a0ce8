import type { ReactNode } from 'react'

/** The frame every member page shares: its title, a sentence saying what it is for, then its content. */
export function MemberPage({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-authentic">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{intro}</p>
      {children && <div className="mt-8">{children}</div>}
    </div>
  )
}

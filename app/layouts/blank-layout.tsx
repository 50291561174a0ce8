import type { ReactNode } from 'react'

/** The blank layout: the page alone (sign-in, registration, e-mail link completion). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-screen bg-canvas">
      {children}
    </main>
  )
}

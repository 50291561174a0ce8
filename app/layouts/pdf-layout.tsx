import type { ReactNode } from 'react'

/** The PDF layout: a printable page with no navigation (download-data/profile-pdf). */
export function PdfLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-[210mm] bg-white p-10 text-ink print:p-0">
      {children}
    </main>
  )
}

import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { BrandMark } from './brand'

/** The error layout: brand and a centred message, nothing that could fail again. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="flex min-h-screen flex-col bg-petal" data-layout="error">
      <header className="px-6 py-5">
        <Link to="/" aria-label={t`Testers Circle home`}>
          <BrandMark />
        </Link>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        {children}
      </main>
    </div>
  )
}

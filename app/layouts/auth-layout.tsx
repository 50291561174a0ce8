import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { BrandMark } from './brand'

/** The auth layout: a narrow card under the brand, for verification steps. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="flex min-h-screen flex-col items-center bg-canvas px-4 py-10">
      <Link to="/" aria-label={t`Testers Circle home`}>
        <BrandMark />
      </Link>
      <main id="main" className="mt-8 w-full max-w-md rounded-2xl bg-white p-8 shadow-sm">
        {children}
      </main>
    </div>
  )
}

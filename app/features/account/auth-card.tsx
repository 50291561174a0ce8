import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { BrandMark } from '~/layouts/brand'
import { useLocale } from '~/lib/locale'

/** The frame of sign-in, registration and verification pages: brand, title, a white card. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const locale = useLocale()
  const { t } = useLingui()
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10">
      <Link to="/$locale" params={{ locale }} aria-label={t`Testers Circle home`}>
        <BrandMark />
      </Link>
      <div className="mt-8 w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-line">
        <h1 className="text-2xl font-bold text-authentic">{title}</h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-ink">{footer}</div>}
    </div>
  )
}

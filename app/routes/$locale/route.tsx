import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { isLocale } from '~/i18n/i18n'

/** Every page carries a locale prefix; `en` is the only one. Anything else is a 404. */
export const Route = createFileRoute('/$locale')({
  beforeLoad: ({ params }) => {
    if (!isLocale(params.locale)) throw notFound()
  },
  component: Outlet,
})

import { createFileRoute } from '@tanstack/react-router'
import { AppErrorPage } from '~/pages/error-page'

/** The error page as an address of its own (/en/error). */
export const Route = createFileRoute('/$locale/_public/error')({
  staticData: { layout: 'error' },
  component: () => <AppErrorPage />,
})

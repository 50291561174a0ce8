import { createFileRoute } from '@tanstack/react-router'
import { AppErrorPage } from '~/pages/error-page'
import { msg } from '@lingui/core/macro'
import { pageHead, NOT_INDEXED } from '~/lib/page-head'

/** The error page as an address of its own (/en/error). */
export const Route = createFileRoute('/$locale/_public/error')({
  headers: () => NOT_INDEXED,
  head: () => pageHead(msg`Something went wrong`),
  staticData: { layout: 'error' },
  component: () => <AppErrorPage />,
})

import { createFileRoute } from '@tanstack/react-router'
import { ConsoleHome } from '~/features/ops-console/console-home'
import { msg } from '@lingui/core/macro'
import { consoleHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_staff/ops/')({
  head: () => consoleHead(msg`Your pages`),
  staticData: { consolePage: { capability: null } },
  component: ConsoleHomeRoute,
})

function ConsoleHomeRoute() {
  const { staff } = Route.useRouteContext()
  return staff ? <ConsoleHome staff={staff} /> : null
}

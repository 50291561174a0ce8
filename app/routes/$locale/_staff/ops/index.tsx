import { createFileRoute } from '@tanstack/react-router'
import { ConsoleHome } from '~/features/ops-console/console-home'

export const Route = createFileRoute('/$locale/_staff/ops/')({
  staticData: { consolePage: { capability: null } },
  component: ConsoleHomeRoute,
})

function ConsoleHomeRoute() {
  const { staff } = Route.useRouteContext()
  return staff ? <ConsoleHome staff={staff} /> : null
}

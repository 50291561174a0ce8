import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireVisitor } from '~/auth/guards'

/** Visitors who are not signed in only (login, register): a member is sent to their campaigns. */
export const Route = createFileRoute('/$locale/_guest')({
  beforeLoad: requireVisitor,
  component: Outlet,
})

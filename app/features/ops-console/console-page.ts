// What a console page needs, stated once by its route (`staticData.consolePage`): the capability it
// takes and its entry in the console's menu. The staff layout opens a page only for a staff person
// who holds that capability, and the menu is built from the same routes, so a page and its menu
// entry cannot disagree. The member API checks every call again.
import type { MessageDescriptor } from '@lingui/core'
import type { Capability, StaffSelf } from '#contract/staff'

export type ConsolePage = {
  /** What the page needs; null: any staff role (the console's first page). */
  capability: Capability | null
  /** Its entry in the console's menu, in this order; none for pages opened from another page. */
  menu?: { label: MessageDescriptor; order: number }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Every console route states it (a test reads the route files). */
    consolePage?: ConsolePage
  }
}

/** The page being opened: the deepest route that states what it needs. */
export function consolePageOf(matches: ReadonlyArray<{ staticData?: { consolePage?: ConsolePage } }>): ConsolePage | undefined {
  let page: ConsolePage | undefined
  for (const match of matches) page = match.staticData?.consolePage ?? page
  return page
}

/**
 * Whether the staff person may open the page. A page that states nothing is not opened: every
 * console route says what it needs.
 */
export function mayOpen(staff: Pick<StaffSelf, 'capabilities'> | null, page: ConsolePage | undefined): boolean {
  if (!staff || !page) return false
  return page.capability === null || staff.capabilities.includes(page.capability)
}

/** The five layouts of the portal. A route picks one with `staticData.layout`; unset means `default`. */
export const LAYOUTS = ['default', 'blank', 'auth', 'error', 'pdf-layout'] as const
export type LayoutName = (typeof LAYOUTS)[number]

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    layout?: LayoutName
    /** The light header variant (legal, contact, support, about-us, how-it-works, ready-to-test, upcoming-tests). */
    lightHeader?: boolean
    /** The page background colour variant (legal, support, about-us, how-it-works, reviews/:id). */
    pageBackground?: boolean
  }
}

export type PageFrame = { layout: LayoutName; lightHeader: boolean; pageBackground: boolean }

/** The frame of the page: the deepest route that says something wins. */
export function pageFrameOf(staticData: ReadonlyArray<{ layout?: LayoutName; lightHeader?: boolean; pageBackground?: boolean } | undefined>): PageFrame {
  const frame: PageFrame = { layout: 'default', lightHeader: false, pageBackground: false }
  for (const data of staticData) {
    if (!data) continue
    if (data.layout) frame.layout = data.layout
    if (data.lightHeader !== undefined) frame.lightHeader = data.lightHeader
    if (data.pageBackground !== undefined) frame.pageBackground = data.pageBackground
  }
  return frame
}

import { createServerFn } from '@tanstack/react-start'
import type { Viewer } from './viewer'

/**
 * Who is calling, as the server sees it. Identity (Firebase sessions) plugs in here; until a member
 * can sign in, every caller is a visitor.
 */
export const getViewerFn = createServerFn({ method: 'GET' }).handler(async (): Promise<Viewer> => {
  return { signedIn: false }
})

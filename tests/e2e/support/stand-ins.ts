// Third parties in the browser tests: their script addresses are answered by small stand-ins of
// ours that record what the page asks of them; any other request to their hosts is refused and
// noted, so a test sees whatever reached for the real service.
import type { Browser, BrowserContext } from 'playwright-core'
import { newContext } from './browser'

export type StandIn = { script: RegExp; body: string }
export type StandInsSeen = { scripts: string[]; refused: string[] }

export async function contextWithStandIns(
  browser: Browser,
  baseURL: string,
  { hosts, standIns }: { hosts: RegExp; standIns: StandIn[] },
): Promise<{ context: BrowserContext; seen: StandInsSeen }> {
  const context = await newContext(browser, { baseURL })
  const seen: StandInsSeen = { scripts: [], refused: [] }
  // Registered first: routes registered later are asked first.
  await context.route(hosts, (route) => {
    seen.refused.push(route.request().url())
    return route.abort()
  })
  for (const { script, body } of standIns) {
    await context.route(script, (route) => {
      seen.scripts.push(route.request().url())
      return route.fulfill({ contentType: 'application/javascript', body })
    })
  }
  return { context, seen }
}

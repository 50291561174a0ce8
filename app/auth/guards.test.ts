import { QueryClient } from '@tanstack/react-query'
import { isRedirect, type ParsedLocation } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { requireMember, requireVisitor } from './guards'
import { viewerQuery } from './viewer'

function visitorContext() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(viewerQuery.queryKey, { signedIn: false })
  return { queryClient }
}

const locationOf = (href: string) => {
  const url = new URL(href, 'http://portal.invalid')
  return { href, pathname: url.pathname, searchStr: url.search, search: Object.fromEntries(url.searchParams) } as unknown as ParsedLocation
}

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

describe('the sign-in redirect never carries a secret of an address', () => {
  it('sends a visitor to sign in with the page to come back to, without its token', async () => {
    const error = await thrown(() => requireMember({ context: visitorContext(), location: locationOf('/en/member/campaigns?token=SECRET&tab=open') }))
    expect(isRedirect(error)).toBe(true)
    expect((error as { options: { search: { redirect: string } } }).options.search.redirect).toBe('/en/member/campaigns?tab=open')
  })

  it('answers a sign-in page whose redirect holds a token with the same page without it', async () => {
    const error = await thrown(() =>
      requireVisitor({
        context: visitorContext(),
        location: locationOf(`/en/user/login?redirect=${encodeURIComponent('/en/join-brand?token=SECRET')}&expired=true`),
      }),
    )
    expect(isRedirect(error)).toBe(true)
    const href = (error as { options: { href: string } }).options.href
    expect(href).not.toContain('SECRET')
    const url = new URL(href, 'http://portal.invalid')
    expect(url.pathname).toBe('/en/user/login')
    expect(url.searchParams.get('redirect')).toBe('/en/join-brand')
    expect(url.searchParams.get('expired')).toBe('true')
  })

  it('lets a visitor onto the sign-in page with a redirect that holds none', async () => {
    await requireVisitor({ context: visitorContext(), location: locationOf(`/en/user/login?redirect=${encodeURIComponent('/en/ops')}`) })
  })
})

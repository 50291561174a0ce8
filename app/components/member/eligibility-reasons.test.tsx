// The words of a campaign's rules and of the reasons a member cannot apply, with the page that fixes each.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { openTo, type Eligibility, type IneligibleReason } from '#contract/campaigns'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { EligibilityRules, IneligibleReasons } from './eligibility-reasons'

const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: ['/en/campaigns/x'] }) })
// The categories' names come from the member API's list, as a page's loader leaves it in the cache.
const queryClient = new QueryClient()
queryClient.setQueryData(categoriesQuery.queryKey, [
  { slug: 'baby', name: 'Baby', campaigns: 1 },
  { slug: 'home', name: 'Home', campaigns: 0 },
  { slug: 'kitchen', name: 'Kitchen and dining', campaigns: 2 },
])
const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterContextProvider router={router}>{node}</RouterContextProvider>
      </I18nProvider>
    </QueryClientProvider>,
  )
const text = (html: string) => html.replace(/<[^>]+>/g, '')
const BACK = '/en/campaigns/whisker-wag-lick-mat'
const PREFERENCES_LINK = `href="/en/member/preferences?redirect=${encodeURIComponent(BACK)}"`

describe('IneligibleReasons', () => {
  it.each<[IneligibleReason, string]>([
    [
      { code: 'pets', pets: ['dog', 'cat'] },
      'This test is for households with one of these pets: Dog or Cat. If you have one, add it to your preferences. Update your preferences',
    ],
    [
      { code: 'interests', interests: ['baby', 'home'] },
      'This test is for members interested in one of these categories: Baby or Home. If one of them interests you, add it to your preferences. Update your preferences',
    ],
    [
      { code: 'children', children: 'with' },
      'This test is for households with children. If you have children, say so in your preferences. Update your preferences',
    ],
    [
      { code: 'children', children: 'without' },
      'This test is for households without children. If your household has changed, update your preferences. Update your preferences',
    ],
  ])('words %o and links to the preferences, with the way back', (reason, words) => {
    const html = render(<IneligibleReasons reasons={[reason]} back={BACK} />)
    expect(text(html)).toBe(words)
    expect(html).toContain(PREFERENCES_LINK)
  })
})

describe('EligibilityRules', () => {
  const anyone: Eligibility = openTo(['DE'])

  it('names the preference rules a campaign has', () => {
    const html = text(render(<EligibilityRules rules={{ ...anyone, pets: ['dog', 'cat'], interests: ['kitchen'], children: 'without' }} />))
    expect(html).toContain('Households with one of these pets: Dog or Cat.')
    expect(html).toContain('Members interested in one of these categories: Kitchen and dining.')
    expect(html).toContain('Households without children.')
    expect(text(render(<EligibilityRules rules={{ ...anyone, children: 'with' }} />))).toContain('Households with children.')
  })

  it('says nothing about preferences when anyone may apply', () => {
    const html = text(render(<EligibilityRules rules={anyone} />))
    expect(html).not.toMatch(/pets|interested|children/)
  })
})

describe('category names', () => {
  it('are the slugs while the list is not there', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <RouterContextProvider router={router}>
            <EligibilityRules rules={{ ...openTo(['DE']), interests: ['garden-and-patio'] }} />
          </RouterContextProvider>
        </I18nProvider>
      </QueryClientProvider>,
    )
    expect(text(html)).toContain('Members interested in one of these categories: garden-and-patio.')
  })
})

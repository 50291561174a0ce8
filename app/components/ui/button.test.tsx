import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BUTTON_SEVERITIES, Button, buttonVariants } from './button'

describe('Button', () => {
  it('while loading shows a spinner, says it is busy and unavailable, and keeps focus (aria-disabled, not disabled)', () => {
    const html = renderToStaticMarkup(<Button loading>Apply</Button>)
    expect(html).not.toContain('disabled=""')
    expect(html).toContain('aria-disabled="true"')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('animate-spin')
  })

  it('is disabled when told so', () => {
    expect(renderToStaticMarkup(<Button disabled>Apply</Button>)).toContain('disabled=""')
  })

  it('places the icon by iconPos and styles by severity and size', () => {
    const html = renderToStaticMarkup(
      <Button severity="danger" size="small" iconPos="top" icon={<svg data-icon="" />}>
        Delete
      </Button>,
    )
    expect(html).toMatch(/class="[^"]*bg-danger[^"]*"/)
    expect(html).toMatch(/class="[^"]*flex-col[^"]*"/)
    expect(html).toMatch(/class="[^"]*text-sm[^"]*"/)
    expect(html.indexOf('data-icon')).toBeLessThan(html.indexOf('Delete'))
  })

  it('is a plain button by default (never submits a form by accident)', () => {
    expect(renderToStaticMarkup(<Button>Go</Button>)).toContain('type="button"')
  })

  it("as a child lends its look to that element: class names added, the element's own props kept over the button's", () => {
    const html = renderToStaticMarkup(
      <Button asChild size="small" className="mt-2" title="button's" aria-label="Our reviews">
        <a href="/en/reviews" className="w-full" title="link's">
          Reviews
        </a>
      </Button>,
    )
    expect(html).toMatch(/^<a href="\/en\/reviews" class="[^"]*text-sm[^"]*mt-2 w-full" title="link&#x27;s" aria-label="Our reviews">Reviews<\/a>$/)
  })
})

describe('Button classes', () => {
  // cn only joins classes; two utilities for one property would leave the result to the order of
  // the style sheet. tailwind-merge (a test-only dependency) knows which utilities clash: it must
  // find nothing to remove in any combination.
  it('never combine two utilities that set the same property', async () => {
    const { twMerge } = await import('tailwind-merge')
    for (const severity of BUTTON_SEVERITIES) {
      for (const variant of ['solid', 'outlined', 'text'] as const) {
        for (const size of ['small', 'medium', 'large'] as const) {
          for (const iconPos of ['left', 'right', 'top', 'bottom'] as const) {
            for (const align of ['center', 'start'] as const) {
              const classes = buttonVariants({ severity, variant, size, iconPos, align })
              expect(twMerge(classes), `${severity} ${variant} ${size} ${iconPos} ${align}`).toBe(classes.replace(/\s+/g, ' ').trim())
            }
          }
        }
      }
    }
  })
})

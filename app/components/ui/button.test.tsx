import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Button } from './button'

describe('Button', () => {
  it('while loading shows a spinner, is disabled and says it is busy', () => {
    const html = renderToStaticMarkup(<Button loading>Apply</Button>)
    expect(html).toContain('disabled=""')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('animate-spin')
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
})

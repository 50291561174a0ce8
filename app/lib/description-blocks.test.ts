import { describe, expect, it } from 'vitest'
import { descriptionBlocks } from './description-blocks'

describe('descriptionBlocks', () => {
  it('reads paragraphs split by blank lines and "- " lines as a list', () => {
    expect(descriptionBlocks('Steep overnight,\npour in the morning.\n\nYou get:\n- One jug\n- A steel filter\n\n\nEnjoy.')).toEqual([
      { kind: 'paragraph', text: 'Steep overnight, pour in the morning.' },
      { kind: 'paragraph', text: 'You get:' },
      { kind: 'list', items: ['One jug', 'A steel filter'] },
      { kind: 'paragraph', text: 'Enjoy.' },
    ])
  })

  it('keeps markup as text: the page renders it escaped', () => {
    expect(descriptionBlocks('<script>alert(1)</script>\r\n\r\n- <b>bold</b>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
      { kind: 'list', items: ['<b>bold</b>'] },
    ])
  })

  it('reads an old one-paragraph description as one paragraph', () => {
    expect(descriptionBlocks('One paragraph only.')).toEqual([{ kind: 'paragraph', text: 'One paragraph only.' }])
    expect(descriptionBlocks('  \n ')).toEqual([])
  })
})

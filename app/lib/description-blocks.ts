// A campaign's description as its author wrote it in the console: paragraphs separated by a blank
// line, and lines starting with "- " making a list. It is read into blocks of plain text that the
// page renders as elements: nothing the author typed is ever taken as HTML.

export type DescriptionBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }

const LIST_ITEM = /^\s*[-*•]\s+/

/** The blocks of a description, in order; empty lines and surrounding spaces are dropped. */
export function descriptionBlocks(description: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = []
  for (const chunk of description.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
    let paragraph: string[] = []
    let list: string[] = []
    const flushParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
      paragraph = []
    }
    const flushList = () => {
      if (list.length > 0) blocks.push({ kind: 'list', items: list })
      list = []
    }
    for (const line of lines) {
      if (LIST_ITEM.test(line)) {
        flushParagraph()
        list.push(line.replace(LIST_ITEM, ''))
      } else {
        flushList()
        paragraph.push(line)
      }
    }
    flushParagraph()
    flushList()
  }
  return blocks
}

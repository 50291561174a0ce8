// The product's e-mail look, rendered as plain text and as HTML from the same blocks: a single
// centred table with inline styles (what common mail clients keep), no images and no external
// resources, so a message reads the same with images off. Every value is escaped here; templates
// hand over text, never markup.
import { say } from './i18n'

export type Block =
  | { kind: 'paragraph'; text: string }
  /** A call to action: a button in HTML, "label: url" in text. */
  | { kind: 'button'; label: string; url: string }
  /** Words of someone else (a moderator's note), set apart. */
  | { kind: 'quote'; text: string }
  /** Label and value pairs (carrier, tracking number, reference). */
  | { kind: 'facts'; rows: Array<[string, string]> }
  | { kind: 'list'; items: string[] }
  /** A one-time code, large and easy to copy. */
  | { kind: 'code'; text: string }

export interface EmailContent {
  subject: string
  heading: string
  blocks: Block[]
}

/** Why the member receives a message they can turn off, with the links to do so. */
export interface EmailFooter {
  reason: string
  settingsUrl: string
  unsubscribeUrl: string
}

const BRAND = 'Testers Circle'
const INK = '#1f2937'
const MUTED = '#4b5563'
const ACCENT = '#0f766e'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export function renderText(content: EmailContent, footer?: EmailFooter): string {
  const parts = [content.heading, ...content.blocks.map(blockText)]
  if (footer) {
    parts.push(
      '--',
      footer.reason,
      `${say(/*i18n*/ { id: 'layout.settings', message: 'Your message settings' })}: ${footer.settingsUrl}`,
      `${say(/*i18n*/ { id: 'layout.unsubscribe', message: 'Unsubscribe from these messages' })}: ${footer.unsubscribeUrl}`,
    )
  }
  return parts.join('\n\n')
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text
    case 'button':
      return `${block.label}: ${block.url}`
    case 'quote':
      return `"${block.text}"`
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n')
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n')
    case 'code':
      return block.text
  }
}

const p = (style: string, inner: string) => `<p style="margin:0 0 16px 0;${style}">${inner}</p>`

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return p('', escapeHtml(block.text))
    case 'button':
      // A bulletproof button: a table cell with a background, the link inside carrying its own colour.
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0"><tr>` +
        `<td style="background:${ACCENT};border-radius:6px">` +
        `<a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>`
      )
    case 'quote':
      return `<blockquote style="margin:0 0 16px 0;padding:8px 12px;border-left:4px solid ${ACCENT};color:${INK}">${escapeHtml(block.text)}</blockquote>`
    case 'facts':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:2px 16px 2px 0;color:${MUTED}">${escapeHtml(label)}</td><td style="padding:2px 0;color:${INK}">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      )
    case 'list':
      return `<ul style="margin:0 0 16px 0;padding-left:20px">${block.items.map((item) => `<li style="margin:0 0 4px 0">${escapeHtml(item)}</li>`).join('')}</ul>`
    case 'code':
      return p(`font-size:28px;letter-spacing:4px;font-weight:bold;font-family:Consolas,Menlo,monospace;color:${INK}`, escapeHtml(block.text))
  }
}

export function renderHtml(content: EmailContent, footer?: EmailFooter): string {
  const footerHtml = footer
    ? `<tr><td style="padding:16px 24px;font-size:13px;line-height:20px;color:${MUTED};border-top:1px solid #e5e7eb">` +
      p('', escapeHtml(footer.reason)) +
      p(
        '',
        `<a href="${escapeHtml(footer.settingsUrl)}" style="color:${ACCENT}">${escapeHtml(say(/*i18n*/ { id: 'layout.settings', message: 'Your message settings' }))}</a>` +
          ` &middot; ` +
          `<a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${ACCENT}">${escapeHtml(say(/*i18n*/ { id: 'layout.unsubscribe', message: 'Unsubscribe from these messages' }))}</a>`,
      ) +
      `</td></tr>`
    : ''
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 8px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px;color:${INK}">` +
    `<tr><td style="padding:20px 24px;font-size:18px;font-weight:bold;color:${ACCENT}">${BRAND}</td></tr>` +
    `<tr><td style="padding:0 24px 8px 24px"><h1 style="margin:0 0 16px 0;font-size:22px;line-height:30px;color:${INK}">${escapeHtml(content.heading)}</h1>` +
    content.blocks.map(blockHtml).join('') +
    `</td></tr>` +
    footerHtml +
    `</table></td></tr></table></body></html>`
  )
}

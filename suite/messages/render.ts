// Renders a message from its template: subject, plain text and HTML for e-mail, the short text for SMS.
import { renderHtml, renderText, type EmailFooter } from './layout'
import { TEMPLATES, type MessageLinks, type MessageOf, type TemplateName } from './templates'

export interface RenderedMessage {
  subject: string
  text: string
  html: string
  /** The text message version; null for a message that goes by e-mail only. */
  sms: string | null
}

export function renderMessage(message: MessageOf, links: MessageLinks, footer?: EmailFooter): RenderedMessage {
  const template = TEMPLATES[message.template] as { render(params: unknown, links: MessageLinks): ReturnType<(typeof TEMPLATES)[TemplateName]['render']> }
  const content = template.render(message.params, links)
  return { subject: content.subject, text: renderText(content, footer), html: renderHtml(content, footer), sms: content.sms ?? null }
}

export const templateTopic = (name: TemplateName) => TEMPLATES[name].topic
/** Whether a template's messages carry a one-time code or a sign-in link (hidden from staff). */
export const templateIsSecret = (name: TemplateName) => ('secret' in TEMPLATES[name] ? TEMPLATES[name].secret === true : false)

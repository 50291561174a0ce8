import { createFileRoute } from '@tanstack/react-router'
import { DEFAULT_LOCALE, isLocale } from '~/i18n/i18n'
import { LOCALE_COOKIE } from '~/i18n/locale-cookie'

/** A one-click body is one short field; anything much larger is not a mail client's. */
const MAX_BODY_BYTES = 4096

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

const answer = (status: number, text: string) => new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } })

function localeOf(request: Request): string {
  const cookie = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1]
  return cookie && isLocale(cookie) ? cookie : DEFAULT_LOCALE
}

/**
 * The address of every non-transactional e-mail's `List-Unsubscribe` header
 * (`/unsubscribe?token=…`, signed by the member API).
 *
 * - GET (a person following the link, or a mail client opening it): redirects to the page that asks
 *   to confirm (`/<locale>/unsubscribe?token=…`). A GET changes nothing: link scanners open links.
 * - POST (RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` as a form, with no
 *   cookies and from no page of ours): forwarded to the member API, whose signed token is the only
 *   authority. The portal's cross-site check covers server functions only, so this route takes a
 *   cross-site POST as the RFC intends; it can do nothing but turn the token's one topic off.
 */
export const Route = createFileRoute('/unsubscribe')({
  server: {
    handlers: {
      GET: ({ request }) => {
        const token = new URL(request.url).searchParams.get('token')
        const target = `/${localeOf(request)}/unsubscribe${token ? `?token=${encodeURIComponent(token)}` : ''}`
        return new Response(null, { status: 302, headers: { Location: target, ...NO_STORE } })
      },
      POST: async ({ request }) => {
        const length = Number(request.headers.get('content-length') ?? 'NaN')
        if (!(length <= MAX_BODY_BYTES)) return answer(length > MAX_BODY_BYTES ? 413 : 411, 'A one-click unsubscribe is a short form')
        const type = (request.headers.get('content-type') ?? '').toLowerCase()
        if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
          return answer(415, 'A one-click unsubscribe is a form (RFC 8058)')
        }
        let form: FormData
        try {
          form = await request.formData()
        } catch {
          return answer(400, 'A one-click unsubscribe is a form (RFC 8058)')
        }
        if (form.get('List-Unsubscribe') !== 'One-Click') return answer(400, 'Expected List-Unsubscribe=One-Click (RFC 8058)')

        // Loaded here: the route module is part of the browser's route tree, the member API call is not.
        const [{ callEndpoint }, { ENDPOINTS }, { UnsubscribeQuerySchema }, v] = await Promise.all([
          import('~/upstream/suite-client.server'),
          import('#contract/endpoints'),
          import('#contract/messages'),
          import('valibot'),
        ])
        const query = v.safeParse(UnsubscribeQuerySchema, { token: new URL(request.url).searchParams.get('token') ?? undefined })
        if (!query.success) return answer(400, 'This unsubscribe link is not valid or has expired; nothing was changed')
        const result = await callEndpoint(ENDPOINTS.unsubscribe, { query: { token: query.output.token }, body: { oneClick: true } })
        if (result.ok) return answer(200, 'Unsubscribed')
        switch (result.failure.kind) {
          case 'rejected':
            return answer(400, 'This unsubscribe link is not valid or has expired; nothing was changed')
          case 'not-found':
            return answer(404, 'No account for this link; nothing was changed')
          default:
            return answer(503, 'Not done; please try again later')
        }
      },
    },
  },
})

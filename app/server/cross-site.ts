// Files the portal serves to a signed-in person (the console's and brands' exports, a member's own
// review photos, photos under moderation) are read with that person's session cookie, which the
// browser sends with a request another site started too (a link, an image, a script's fetch). The
// browser says where a request began (Fetch Metadata, `Sec-Fetch-Site`): such a file is served to
// requests from the portal's own pages (`same-origin`) and to the person's own navigation (`none`:
// an address typed or a bookmark), and refused to any other (`same-site`, `cross-site`) before
// anything is read. A request without the header (an older browser, a script on the server) is let
// through to the session check as before.

const ALLOWED_SITES = new Set(['same-origin', 'none'])

/** True when the browser says another site, or another origin of this site, started the request. */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site !== null && !ALLOWED_SITES.has(site.trim().toLowerCase())
}

/** The 403 a cross-site request for a signed-in person's file gets, or null when it may go on. */
export function crossSiteRefusal(request: Request): Response | null {
  if (!isCrossSiteRequest(request)) return null
  return new Response('Forbidden', {
    status: 403,
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8', Vary: 'Sec-Fetch-Site' },
  })
}

/**
 * The response with its headers changed by `edit`. A response this server made has headers that may
 * be changed, and they are changed in place: a page passes through several such steps (its script
 * policy, its caching rules, the security headers), and a copy of the response and its headers at
 * each one cost every page. A response whose headers are immutable (one from fetch, a
 * Response.redirect) refuses its first change with a TypeError before anything changed; it gets a
 * copy with the same body, edited.
 */
export function withEditedHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers)
    return response
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
  }
  const headers = new Headers(response.headers)
  edit(headers)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

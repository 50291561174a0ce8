import * as v from 'valibot'

/**
 * A text parameter of a page's address. A link can carry anything (`?redirect=123` is read as a
 * number, `?redirect=a&redirect=b` as a list): what is not a single text is ignored, never an error
 * page.
 */
export const optionalText = v.fallback(v.optional(v.string()), undefined)

/** Where to go once the page's task is done; checked again before use (redirect-target.ts). */
export const RedirectSearchSchema = v.object({ redirect: optionalText })

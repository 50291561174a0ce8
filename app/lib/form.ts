import * as v from 'valibot'
import { isUpstreamError } from '~/upstream/upstream-result'

export type FieldErrors = Record<string, string>
export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors }

/** Validates form values with a valibot schema; the first message per field, keyed by field name. */
export function validateForm<TSchema extends v.GenericSchema>(schema: TSchema, values: unknown): FormResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, values)
  if (result.success) return { ok: true, data: result.output }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '_form'
    fieldErrors[key] ??= issue.message
  }
  return { ok: false, fieldErrors }
}

/** The values of a form element as a plain object (checkboxes as booleans). */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {}
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) || !element.name) continue
    values[element.name] = element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value
  }
  return values
}

/**
 * The member API refused a form (400 with field errors): the fields it named that this form shows,
 * each with the form's own message (the API's wording is for developers). Null for any other
 * failure, which the error catalogue handles.
 */
export function rejectedFieldErrors<F extends string>(error: unknown, fields: readonly F[], message: (field: F) => string): FieldErrors | null {
  if (!isUpstreamError(error) || error.failure.kind !== 'rejected' || !error.failure.fields) return null
  const errors: FieldErrors = {}
  for (const key of Object.keys(error.failure.fields)) if ((fields as readonly string[]).includes(key)) errors[key] = message(key as F)
  return errors
}

// The one way a form is built: TanStack Form holding the values, the contract's valibot schema
// checking them on submit (valibot schemas are Standard Schema objects, so TanStack Form spreads
// their issues onto the fields by path), the member API's field errors shown on the same fields,
// and the field components below drawing label, description and error the same way everywhere.
// docs/portal-patterns.md ("Forms") shows a page using it.
import { createFormHook, createFormHookContexts, type AnyFormApi } from '@tanstack/react-form'
import { lazy, Suspense, useId, useRef, type ComponentProps, type ComponentType, type FormEvent, type PropsWithChildren, type ReactNode } from 'react'
import * as v from 'valibot'
import { Button } from '~/components/ui/button'
import type { DateTimePickerProps } from '~/components/ui/date-picker'
import { CheckboxField, FieldFrame } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import { isUpstreamError } from '~/upstream/upstream-result'

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/**
 * For a field component a feature draws itself (a star rating, a code input): rendered inside
 * `form.AppField`, it reads its field here, sets its value with `changeFieldValue` and calls
 * `leaveField` when the member leaves it.
 */
export { useFieldContext }

type FieldMetaLike = { errors: readonly unknown[] }

/**
 * The text under a field that failed a check: a sentence we set ourselves (after the member API
 * refused the field) when there is one, otherwise the page's own sentence for the field. The
 * schema's issue texts are for developers and never reach the member.
 */
export function fieldErrorText(meta: FieldMetaLike, invalid: string): string | undefined {
  if (meta.errors.length === 0) return undefined
  return meta.errors.find((error): error is string => typeof error === 'string') ?? invalid
}

type FieldLike = {
  state: { value: unknown; meta: { errors: readonly unknown[]; errorMap: Record<string, unknown> } }
  // The field's own listeners, typed for its value: called with what it holds, and itself.
  options: { listeners?: { onBlur?: unknown } }
  handleChange: (value: never) => void
  setErrorMap: (map: never) => void
  setMeta: (updater: never) => void
}

/** A new value replaces the member API's verdict on the old one (the schema's is re-checked by the form). */
export function changeFieldValue<T>(field: FieldLike, value: T) {
  ;(field.handleChange as (value: T) => void)(value)
  const { errorMap } = field.state.meta
  if (errorMap.onServer !== undefined) (field.setErrorMap as (map: Record<string, unknown>) => void)({ ...errorMap, onServer: undefined })
}

/**
 * The member left the field: it is marked so and its blur listeners run, but what the last submit
 * said about it stays until the value changes. TanStack Form's own blur checks the field again and
 * takes the verdict away: the message under a field vanished at the press on Save below it, the
 * button moved up, and the press missed it. The kit's checks all run on submit, none on blur.
 */
export function leaveField(field: FieldLike) {
  ;(field.setMeta as (updater: (previous: { isTouched: boolean; isBlurred: boolean }) => object) => void)((previous) =>
    previous.isTouched && previous.isBlurred ? previous : { ...previous, isTouched: true, isBlurred: true },
  )
  const onBlur = field.options.listeners?.onBlur as ((props: { value: unknown; fieldApi: FieldLike }) => void) | undefined
  onBlur?.({ value: field.state.value, fieldApi: field })
}

type Described = { label: string; description?: ReactNode; invalid: string }

/** A labelled text input. `invalid` is the page's sentence for this field. */
function TextInput({
  label,
  description,
  invalid,
  className,
  ...props
}: Described & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'>) {
  const field = useFieldContext<string>()
  return (
    <FieldFrame label={label} description={description} error={fieldErrorText(field.state.meta, invalid)} className={className}>
      {(control) => (
        <input
          {...control}
          {...props}
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) => changeFieldValue(field, event.target.value)}
          onBlur={() => leaveField(field)}
        />
      )}
    </FieldFrame>
  )
}

/**
 * A one-time code's field: the browser and the phone's keyboard offer the code just received (digits
 * only), and room is left for a space typed in the middle.
 */
function CodeInput({ label, invalid, description }: Described) {
  return <TextInput label={label} invalid={invalid} description={description} autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
}

/** A labelled text area (longer texts: notes, descriptions). */
function TextAreaInput({
  label,
  description,
  invalid,
  className,
  rows = 4,
  ...props
}: Described & Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'>) {
  const field = useFieldContext<string>()
  return (
    <FieldFrame label={label} description={description} error={fieldErrorText(field.state.meta, invalid)} className={className}>
      {(control) => (
        <textarea
          {...control}
          {...props}
          rows={rows}
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) => changeFieldValue(field, event.target.value)}
          onBlur={() => leaveField(field)}
        />
      )}
    </FieldFrame>
  )
}

/** A whole number; an empty or unreadable entry is held as null, which the schema refuses. */
function NumberInput({
  label,
  description,
  invalid,
  className,
  ...props
}: Described & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id' | 'type'>) {
  const field = useFieldContext<number | null>()
  return (
    <FieldFrame label={label} description={description} error={fieldErrorText(field.state.meta, invalid)} className={className}>
      {(control) => (
        <input
          {...control}
          {...props}
          type="number"
          inputMode="numeric"
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) =>
            changeFieldValue(field, event.target.value === '' || Number.isNaN(event.target.valueAsNumber) ? null : event.target.valueAsNumber)
          }
          onBlur={() => leaveField(field)}
        />
      )}
    </FieldFrame>
  )
}

/**
 * A date typed as mm/dd/yy or chosen on the calendar, and a time as HH:mm, in the console user's
 * time zone (stated beside it), held as an ISO instant in UTC: '' when both are empty, null while
 * what is typed cannot be read (the schema refuses it; the field says what is wrong and keeps the
 * text). `withTime={false}` for a day only; `defaultTime` fills an empty time when a day is given.
 */
function DateTimeInput({
  label,
  description,
  invalid,
  ...props
}: Described & Omit<DateTimePickerProps, 'label' | 'description' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>) {
  const field = useFieldContext<string | null>()
  return (
    <Suspense fallback={<DateTimeLoading label={label} className={props.className} />}>
      <DateTimePicker
        {...props}
        label={label}
        description={description}
        name={field.name}
        value={field.state.value === undefined ? '' : field.state.value}
        error={fieldErrorText(field.state.meta, invalid)}
        onChange={(value) => changeFieldValue(field, value)}
        onBlur={() => leaveField(field)}
      />
    </Suspense>
  )
}

// Only the console's forms take dates: the picker and its calendar (Radix Popover) load with the
// first form that shows one, not with every page that has a form. The server renders it in place.
const DateTimePicker = lazy(() => import('~/components/ui/date-picker').then((module) => ({ default: module.DateTimePicker })))

/** The field's name where the picker will be, for the moment it loads. */
function DateTimeLoading({ label, className }: { label: string; className?: string }) {
  return (
    <fieldset className={cn('min-h-28', className)} aria-busy="true">
      <legend className="font-semibold text-ink">{label}</legend>
    </fieldset>
  )
}

type Option = { value: string; label: string }

function SelectInput({
  label,
  description,
  invalid,
  options,
  className,
  ...props
}: Described & { options: readonly Option[]; className?: string } & Pick<ComponentProps<'select'>, 'aria-keyshortcuts' | 'autoFocus' | 'autoComplete'>) {
  const field = useFieldContext<string>()
  return (
    <FieldFrame label={label} description={description} error={fieldErrorText(field.state.meta, invalid)} className={className}>
      {(control) => (
        <select
          {...control}
          {...props}
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) => changeFieldValue(field, event.target.value)}
          onBlur={() => leaveField(field)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}

/** One checkbox holding true or false. */
function CheckboxInput({
  label,
  description,
  invalid,
  className,
  disabled,
}: {
  label: ReactNode
  description?: ReactNode
  invalid: string
  className?: string
  disabled?: boolean
}) {
  const field = useFieldContext<boolean>()
  return (
    <CheckboxField
      className={className}
      label={label}
      description={description}
      name={field.name}
      disabled={disabled}
      checked={field.state.value === true}
      onChange={(event) => changeFieldValue(field, event.target.checked)}
      onBlur={() => leaveField(field)}
      error={fieldErrorText(field.state.meta, invalid)}
    />
  )
}

type ChoiceGroupProps = { legend: string; description?: ReactNode; invalid: string; options: readonly Option[]; className?: string; columns?: boolean }

/** A fieldset of choices: its legend names the question, each choice is labelled, the error belongs to the group. */
function ChoiceGroup({
  legend,
  description,
  error,
  className,
  columns,
  children,
}: Omit<ChoiceGroupProps, 'invalid' | 'options'> & { error?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const id = useId()
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 font-semibold text-ink">{legend}</legend>
      {description && (
        <div id={`${id}-description`} className="text-sm text-muted">
          {description}
        </div>
      )}
      <div className={cn('grid gap-2', columns && 'sm:grid-cols-2')}>{children(describedBy)}</div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Several choices at once, held as the list of the chosen values in the order of the options. */
function CheckboxGroupInput({ legend, description, invalid, options, className, columns }: ChoiceGroupProps) {
  const field = useFieldContext<string[]>()
  const chosen = new Set(field.state.value ?? [])
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(value)
    else next.delete(value)
    changeFieldValue(
      field,
      options.map((option) => option.value).filter((option) => next.has(option)),
    )
  }
  return (
    <ChoiceGroup legend={legend} description={description} error={fieldErrorText(field.state.meta, invalid)} className={className} columns={columns}>
      {() =>
        options.map((option) => (
          <label key={option.value} className="flex items-center gap-3 text-ink">
            <input
              type="checkbox"
              className="size-4 accent-toga"
              name={field.name}
              value={option.value}
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={() => leaveField(field)}
            />
            {option.label}
          </label>
        ))
      }
    </ChoiceGroup>
  )
}

/** One choice out of a few, as radio buttons. */
function RadioGroupInput({ legend, description, invalid, options, className, columns }: ChoiceGroupProps) {
  const field = useFieldContext<string>()
  return (
    <ChoiceGroup legend={legend} description={description} error={fieldErrorText(field.state.meta, invalid)} className={className} columns={columns}>
      {() =>
        options.map((option) => (
          <label key={option.value} className="flex items-center gap-3 text-ink">
            <input
              type="radio"
              className="size-4 accent-toga"
              name={field.name}
              value={option.value}
              checked={field.state.value === option.value}
              onChange={() => changeFieldValue(field, option.value)}
              onBlur={() => leaveField(field)}
            />
            {option.label}
          </label>
        ))
      }
    </ChoiceGroup>
  )
}

/** The form's submit button: busy while the form is being sent, so a second press sends nothing. */
function SubmitButton({ children, ...props }: Omit<ComponentProps<typeof Button>, 'type' | 'loading'>) {
  const form = useFormContext()
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" loading={isSubmitting} {...props}>
          {children}
        </Button>
      )}
    </form.Subscribe>
  )
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextInput, CodeInput, TextAreaInput, NumberInput, DateTimeInput, SelectInput, CheckboxInput, CheckboxGroupInput, RadioGroupInput },
  formComponents: { SubmitButton },
})

/** What ContractForm needs of a form made by useAppForm (its full type is too generic to name). */
type AppFormApi = { AppForm: ComponentType<PropsWithChildren>; handleSubmit: () => Promise<unknown>; state: { isSubmitting: boolean } }

/**
 * Takes away every verdict of the last submit, the schema's and the member API's, so the next one
 * checks everything again. TanStack Form keeps a schema error on a field until that field changes,
 * and sends nothing while one is left: a postal code refused for the country would stay refused
 * after the member corrected the country instead, and a field changed to another wrong value would
 * go unmarked.
 */
function clearVerdicts(form: AnyFormApi) {
  type Meta = { errorMap?: Record<string, unknown>; errorSourceMap?: Record<string, unknown> }
  for (const [name, meta] of Object.entries(form.state.fieldMeta as Record<string, Meta | undefined>)) {
    if (meta?.errorMap?.onServer === undefined && meta?.errorMap?.onSubmit === undefined) continue
    form.setFieldMeta(name, (previous) => ({
      ...previous,
      errorMap: { ...previous.errorMap, onServer: undefined, onSubmit: undefined },
      errorSourceMap: { ...previous.errorSourceMap, onSubmit: undefined },
    }))
  }
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  // A group of choices is marked as a whole: its first choice takes the focus.
  const target = first instanceof HTMLFieldSetElement ? first.querySelector<HTMLElement>('input, select, textarea') : first
  target?.focus()
}

/**
 * The form element: no browser validation bubbles (our messages sit under the fields), one submit
 * at a time, and after a submit that left a field in error, focus on the first such field so the
 * member hears and sees what to fix.
 */
export function ContractForm({ form, label, className, children }: { form: AppFormApi; label: string; className?: string; children: ReactNode }) {
  const element = useRef<HTMLFormElement>(null)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    event.stopPropagation()
    if (form.state.isSubmitting) return
    clearVerdicts(form as unknown as AnyFormApi)
    await form.handleSubmit()
    // After React has drawn the errors.
    requestAnimationFrame(() => focusFirstInvalid(element.current))
  }
  return (
    <form ref={element} noValidate aria-label={label} className={className} onSubmit={(event) => void submit(event)}>
      <form.AppForm>{children}</form.AppForm>
    </form>
  )
}

/**
 * The form field an API path belongs to: the path itself when the form maps it, else the nearest
 * mapped path above it, so an item of a list (`preferences.pets.2`) marks the list's field.
 */
function mappedField(path: string, fields: Readonly<Record<string, string>>): string | undefined {
  for (let prefix = path; prefix !== ''; prefix = prefix.includes('.') ? prefix.slice(0, prefix.lastIndexOf('.')) : '') {
    if (Object.hasOwn(fields, prefix)) return fields[prefix]
  }
  return undefined
}

/**
 * The member API refused the form (400 with field errors): every field it named that this form
 * maps (API path → form field) shows the page's sentence for it. True when a field was marked;
 * any other failure is the error catalogue's, which already answered through the mutation cache.
 */
export function showRejectedFields(form: AnyFormApi, error: unknown, fields: Readonly<Record<string, string>>, message: (field: string) => string): boolean {
  if (!isUpstreamError(error) || error.failure.kind !== 'rejected' || !error.failure.fields) return false
  let marked = false
  for (const path of Object.keys(error.failure.fields)) {
    const name = mappedField(path, fields)
    if (!name) continue
    showFieldMessage(form, name, message(name))
    marked = true
  }
  return marked
}

/**
 * The page's sentence on one field where a silent call's outcome belongs (a code that is not right,
 * a number that cannot receive texts); `undefined` takes it away. Like the member API's verdicts, it
 * goes when the member changes the field, and at the next submit.
 */
export function showFieldMessage(form: AnyFormApi, name: string, message: string | undefined) {
  form.setFieldMeta(name, (previous) => ({ ...previous, errorMap: { ...previous.errorMap, onServer: message } }))
}

/**
 * A text field the contract takes as absent when empty: the form holds '' for an empty field, the
 * contract wants `empty` there (null, or no value), and anything typed is checked by the contract's
 * schema, which must take a text and `empty` alike (an optional or nullable entry of the contract).
 */
export function blankAs<TEmpty extends null | undefined, TSchema extends v.GenericSchema>(
  empty: TEmpty,
  schema: TSchema,
): v.GenericSchema<string, v.InferOutput<TSchema>> {
  return v.pipe(
    v.string(),
    v.transform((text): string | TEmpty => (text.trim() === '' ? empty : text)),
    // The schema takes more than a text or `empty` (an optional entry takes no value too).
    schema as unknown as v.GenericSchema<string | TEmpty, v.InferOutput<TSchema>>,
  )
}

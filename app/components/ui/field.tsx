import { useId, useRef, type ComponentProps, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { useAnnounce } from './use-announce'

/** What a field frame gives its control: the id its label points at, and the ARIA wiring. */
export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }

type FieldFrameProps = {
  label: string
  /** Shown under the control; also read by screen readers. */
  description?: ReactNode
  error?: string
  id?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/** Label, description and error around one control, wired for assistive technology. */
export function FieldFrame({ label, description, error, id, className, children }: FieldFrameProps) {
  const generated = useId()
  const controlId = id ?? generated
  const descriptionId = description ? `${controlId}-description` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="font-semibold text-ink">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
        className: cn(
          'rounded-lg border bg-white px-3 py-2.5 text-ink placeholder:text-muted focus-visible:outline-3 focus-visible:outline-focus-ring',
          error ? 'border-danger' : 'border-[#8a94a6]',
        ),
      })}
      {description && (
        <div id={descriptionId} className="text-sm text-muted">
          {description}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & { label: string; description?: ReactNode; error?: string; id?: string }

/** A labelled input with its description and error. */
export function TextField({ label, description, error, className, id, ...props }: FieldProps) {
  return (
    <FieldFrame label={label} description={description} error={error} id={id} className={className}>
      {(control) => <input {...control} {...props} />}
    </FieldFrame>
  )
}

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode; error?: string }

export function CheckboxField({ label, description, error, id, className, ...props }: CheckboxProps) {
  const generated = useId()
  const inputId = id ?? generated
  const errorId = error ? `${inputId}-error` : undefined
  const descriptionId = description ? `${inputId}-description` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1 size-4 accent-toga"
          {...props}
        />
        <label htmlFor={inputId} className="text-ink">
          {label}
        </label>
      </div>
      {description && (
        <p id={descriptionId} className="pl-7 text-sm text-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

/** A message about the whole form (not one field), announced when it appears. */
/**
 * A form's result or a section's notice. Errors and results are said through the page's live
 * regions (errors assertively) when they appear; the box itself has no live role, so nothing is read
 * twice. An 'info' notice is part of the page and is not announced.
 */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  const box = useRef<HTMLDivElement>(null)
  useAnnounce(box, tone === 'info' ? null : tone === 'error' ? 'assertive' : 'polite')
  return (
    <div
      ref={box}
      data-tone={tone}
      className={cn(
        'rounded-lg border-l-4 p-4',
        tone === 'error' && 'border-danger bg-[#fdecea] text-[#7a1a12]',
        tone === 'success' && 'border-verdin bg-[#e7f4ee] text-[#12402f]',
        tone === 'info' && 'border-colbolt bg-[#eaf0fb] text-[#1a3366]',
      )}
    >
      {children}
    </div>
  )
}

type SelectProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string
  error?: string
  id?: string
  options: ReadonlyArray<{ value: string; label: string }>
}

export function SelectField({ label, error, options, id, className, ...props }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} {...props}>
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

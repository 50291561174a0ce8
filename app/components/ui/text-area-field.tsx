import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '~/lib/cn'

type TextAreaProps = ComponentProps<'textarea'> & {
  label: string
  /** Shown under the text area; also read by screen readers. */
  description?: ReactNode
  error?: string
}

/** A labelled multi-line input with its description and error, like TextField. */
export function TextAreaField({ label, description, error, className, id, rows = 6, ...props }: TextAreaProps) {
  const generated = useId()
  const inputId = id ?? generated
  const descriptionId = description ? `${inputId}-description` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
        className={cn(
          'rounded-lg border bg-white px-3 py-2.5 text-ink placeholder:text-muted focus-visible:outline-3 focus-visible:outline-colbolt',
          error ? 'border-danger' : 'border-[#8a94a6]',
        )}
        {...props}
      />
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

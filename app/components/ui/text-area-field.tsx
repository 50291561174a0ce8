import type { ComponentProps, ReactNode } from 'react'
import { FieldFrame } from './field'

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'id'> & { label: string; description?: ReactNode; error?: string; id?: string }

/** A labelled multi-line input with its description and error, like TextField. */
export function TextAreaField({ label, description, error, className, id, rows = 6, ...props }: TextAreaProps) {
  return (
    <FieldFrame label={label} description={description} error={error} id={id} className={className}>
      {(control) => <textarea {...control} rows={rows} {...props} />}
    </FieldFrame>
  )
}

import { cn } from '~/lib/cn'

/**
 * One view of a console list out of a few (waiting, selected …; pending, shipped …), as a group of
 * toggle buttons: the one shown is pressed. Tab reaches each, Enter or Space shows it.
 */
export function ViewSwitch<View extends string>({
  label,
  views,
  value,
  onChange,
}: {
  label: string
  views: ReadonlyArray<{ value: View; label: string }>
  value: View
  onChange: (view: View) => void
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1 rounded-xl border border-line bg-white p-1">
      {views.map((view) => {
        const pressed = view.value === value
        return (
          <button
            key={view.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(view.value)}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm focus-visible:outline-3 focus-visible:outline-focus-ring',
              pressed ? 'bg-authentic font-semibold text-white' : 'text-ink hover:bg-canvas',
            )}
          >
            {view.label}
          </button>
        )
      })}
    </div>
  )
}

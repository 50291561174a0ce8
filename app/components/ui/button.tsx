import { cva, type VariantProps } from 'class-variance-authority'
import {
  Children,
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react'
import { cn } from '~/lib/cn'
import { Spinner } from './spinner'

/** How long the ripple lasts (about 401 ms, as the design system has it). */
export const RIPPLE_MS = 401

/** Colours per severity: filled (solid), and as text or outline on the page's own background. */
const SEVERITY_LOOK = {
  primary: { solid: 'bg-toga text-white hover:bg-toga-dark', plain: 'text-toga hover:bg-black/5' },
  secondary: { solid: 'bg-authentic-soft text-authentic hover:bg-[#d6e0ee]', plain: 'text-authentic hover:bg-black/5' },
  success: { solid: 'bg-verdin text-white hover:bg-[#155a42]', plain: 'text-verdin hover:bg-black/5' },
  info: { solid: 'bg-colbolt text-white hover:bg-[#1d4296]', plain: 'text-colbolt hover:bg-black/5' },
  warn: { solid: 'bg-warn text-white hover:bg-[#7d4300]', plain: 'text-warn hover:bg-black/5' },
  help: { solid: 'bg-viose text-white hover:bg-[#50359a]', plain: 'text-viose hover:bg-black/5' },
  danger: { solid: 'bg-danger text-white hover:bg-[#921c13]', plain: 'text-danger hover:bg-black/5' },
  contrast: { solid: 'bg-ink text-white hover:bg-black', plain: 'text-ink hover:bg-black/5' },
  // On the navy header, footer and banners.
  light: { solid: 'bg-white text-authentic hover:bg-authentic-soft', plain: 'text-white hover:bg-white/10' },
} as const
type Severity = keyof typeof SEVERITY_LOOK
export const BUTTON_SEVERITIES = Object.keys(SEVERITY_LOOK) as Severity[]

/**
 * The classes of a button. Each utility comes from exactly one place (colours from the severity and
 * variant together, layout from its own variant), so no two classes ever set the same property and
 * class names are simply joined: a caller's className adds spacing or width, never colours.
 */
export const buttonVariants = cva(
  'relative inline-flex items-center gap-2 overflow-hidden rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-busy:cursor-progress focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus-ring',
  {
    variants: {
      severity: Object.fromEntries(BUTTON_SEVERITIES.map((severity) => [severity, ''])) as Record<Severity, string>,
      variant: {
        solid: '',
        outlined: 'border-2 border-current',
        text: '',
      },
      size: {
        small: 'px-3 py-1.5 text-sm',
        medium: 'px-4 py-2.5 text-base',
        large: 'px-6 py-3.5 text-lg',
      },
      iconPos: {
        left: 'flex-row',
        right: 'flex-row-reverse',
        top: 'flex-col',
        bottom: 'flex-col-reverse',
      },
      /** Where the content sits along the button: centred, or at its start (full-width menu entries). */
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
    },
    compoundVariants: (Object.entries(SEVERITY_LOOK) as [Severity, (typeof SEVERITY_LOOK)[Severity]][]).flatMap(([severity, look]) => [
      { severity, variant: 'solid' as const, className: look.solid },
      { severity, variant: ['outlined' as const, 'text' as const], className: look.plain },
    ]),
    defaultVariants: { severity: 'primary', variant: 'solid', size: 'medium', iconPos: 'left', align: 'center' },
  },
)

/**
 * The classes of each combination, worked out once: cva walks every compound variant on each call,
 * and a page renders dozens of buttons from a handful of combinations.
 */
const classesByLook = new Map<string, string>()
function lookClasses(look: VariantProps<typeof buttonVariants>): string {
  const key = `${look.severity}|${look.variant}|${look.size}|${look.iconPos}|${look.align}`
  let classes = classesByLook.get(key)
  if (classes === undefined) classesByLook.set(key, (classes = buttonVariants(look)))
  return classes
}

type Ripple = { key: number; x: number; y: number; size: number }

export type ButtonProps = Omit<ComponentProps<'button'>, 'children'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * Shows a spinner in place of the icon; presses do nothing until it ends. The button stays
     * focusable (aria-disabled, not disabled): a disabled button drops focus to the page body, and
     * the keyboard user's next Tab would start again from the top.
     */
    loading?: boolean
    /**
     * Cannot be pressed for now (a wait before sending again), yet keeps focus for the same reason as
     * `loading`: aria-disabled, looks disabled, presses do nothing. `disabled` is for a button that
     * cannot have been the one just pressed.
     */
    unavailable?: boolean
    icon?: ReactNode
    /** Render the child element (a link) with the button's look. */
    asChild?: boolean
    children?: ReactNode
  }

export function Button({
  className,
  severity,
  variant,
  size,
  iconPos,
  align,
  loading = false,
  unavailable = false,
  disabled,
  icon,
  asChild = false,
  children,
  onClick,
  type = 'button',
  ...props
}: ButtonProps) {
  const [ripples, setRipples] = useState<Ripple[]>([])
  const nextKey = useRef(0)
  // A ripple's end is not waited for once the button is gone (a dialog closed by this press).
  const rippleTimers = useRef(new Set<ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const timers = rippleTimers.current
    return () => {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    }
  }, [])

  const handleClick = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => {
      const rect = event.currentTarget.getBoundingClientRect()
      const size = Math.max(rect.width, rect.height)
      const ripple: Ripple = { key: nextKey.current++, x: event.clientX - rect.left - size / 2, y: event.clientY - rect.top - size / 2, size }
      setRipples((current) => [...current, ripple])
      const timer = setTimeout(() => {
        rippleTimers.current.delete(timer)
        setRipples((current) => current.filter((r) => r.key !== ripple.key))
      }, RIPPLE_MS)
      rippleTimers.current.add(timer)
      onClick?.(event)
    },
    [onClick],
  )
  // A press while loading (a click, or Enter in a field of the form) sends nothing: for a submit
  // button, cancelling the click cancels the form's submission too.
  const ignorePress = useCallback((event: MouseEvent<HTMLButtonElement>) => event.preventDefault(), [])

  const classes = cn(lookClasses({ severity, variant, size, iconPos, align }), className)
  if (asChild) return withButtonLook(children, classes, props)

  return (
    <button
      type={type}
      className={classes}
      {...props}
      disabled={disabled}
      aria-disabled={loading || unavailable || undefined}
      aria-busy={loading || undefined}
      onClick={loading || unavailable ? ignorePress : handleClick}
    >
      {loading ? <Spinner /> : icon}
      {children !== undefined && <span>{children}</span>}
      {ripples.map((r) => (
        <span
          key={r.key}
          aria-hidden="true"
          data-ripple=""
          className="pointer-events-none absolute rounded-full bg-white/60"
          style={{ left: r.x, top: r.y, width: r.size, height: r.size, animation: `ripple ${RIPPLE_MS}ms ease-out forwards` }}
        />
      ))}
    </button>
  )
}

/**
 * `asChild`: the one child element (a link) rendered with the button's look: its class names added
 * to the button's, and its own props kept over any the button was given. (Radix's Slot did this
 * with two more components rendered for each link-button of a page.)
 */
function withButtonLook(children: ReactNode, classes: string, props: Record<string, unknown>): ReactElement {
  const child = Children.only(children)
  if (!isValidElement<Record<string, unknown>>(child)) throw new Error('Button asChild takes one element')
  const own = child.props
  const merged: Record<string, unknown> = { className: cn(classes, own.className as string | undefined) }
  for (const [key, value] of Object.entries(props)) if (own[key] === undefined) merged[key] = value
  return cloneElement(child, merged)
}

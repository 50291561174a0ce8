import { Slot } from '@radix-ui/react-slot'
import { cva, type VariantProps } from 'class-variance-authority'
import { useCallback, useRef, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { Spinner } from './spinner'

/** How long the ripple lasts (spec section 9: about 401 ms). */
export const RIPPLE_MS = 401

export const buttonVariants = cva(
  'relative inline-flex items-center justify-center gap-2 overflow-hidden rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-colbolt',
  {
    variants: {
      severity: {
        primary: 'bg-toga text-white hover:bg-toga-dark',
        secondary: 'bg-authentic-soft text-authentic hover:bg-[#d6e0ee]',
        success: 'bg-verdin text-white hover:bg-[#155a42]',
        info: 'bg-colbolt text-white hover:bg-[#1d4296]',
        warn: 'bg-warn text-white hover:bg-[#7d4300]',
        help: 'bg-viose text-white hover:bg-[#50359a]',
        danger: 'bg-danger text-white hover:bg-[#921c13]',
        contrast: 'bg-ink text-white hover:bg-black',
      },
      variant: {
        solid: '',
        outlined: 'border-2 border-current bg-transparent hover:bg-black/5',
        text: 'bg-transparent hover:bg-black/5',
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
    },
    compoundVariants: [
      { variant: ['outlined', 'text'], severity: 'primary', className: 'text-toga' },
      { variant: ['outlined', 'text'], severity: 'secondary', className: 'text-authentic' },
      { variant: ['outlined', 'text'], severity: 'success', className: 'text-verdin' },
      { variant: ['outlined', 'text'], severity: 'info', className: 'text-colbolt' },
      { variant: ['outlined', 'text'], severity: 'warn', className: 'text-warn' },
      { variant: ['outlined', 'text'], severity: 'help', className: 'text-viose' },
      { variant: ['outlined', 'text'], severity: 'danger', className: 'text-danger' },
      { variant: ['outlined', 'text'], severity: 'contrast', className: 'text-ink' },
    ],
    defaultVariants: { severity: 'primary', variant: 'solid', size: 'medium', iconPos: 'left' },
  },
)

type Ripple = { key: number; x: number; y: number; size: number }

export type ButtonProps = Omit<ComponentProps<'button'>, 'children'> &
  VariantProps<typeof buttonVariants> & {
    /** Shows a spinner in place of the icon and disables the button. */
    loading?: boolean
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
  loading = false,
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

  const handleClick = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => {
      const rect = event.currentTarget.getBoundingClientRect()
      const size = Math.max(rect.width, rect.height)
      const ripple: Ripple = { key: nextKey.current++, x: event.clientX - rect.left - size / 2, y: event.clientY - rect.top - size / 2, size }
      setRipples((current) => [...current, ripple])
      setTimeout(() => setRipples((current) => current.filter((r) => r.key !== ripple.key)), RIPPLE_MS)
      onClick?.(event)
    },
    [onClick],
  )

  const classes = cn(buttonVariants({ severity, variant, size, iconPos }), className)
  if (asChild) {
    return (
      <Slot className={classes} {...(props as ComponentProps<typeof Slot>)}>
        {children}
      </Slot>
    )
  }

  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...props}
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

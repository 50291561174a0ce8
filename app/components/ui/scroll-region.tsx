import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cn } from '~/lib/cn'

/**
 * A box that scrolls sideways when its content is wider than the screen (a table on a phone). While
 * it scrolls, it is a named region the keyboard can reach, so someone without a mouse can focus it
 * and scroll with the arrow keys; when everything fits, it adds no stop to the Tab order.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const box = element.current
    if (!box) return
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    if (box.firstElementChild) observer.observe(box.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={element}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:outline-colbolt', className)}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
    >
      {children}
    </div>
  )
}

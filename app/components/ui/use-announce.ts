import { useEffect, useRef, type RefObject } from 'react'
import { liveRegion, type Politeness } from './live-region'

/**
 * Says what an element shows through the page's live region when it appears or its words change, so
 * a form's result is read out although it arrives as a new element. Not what the page showed when
 * it was first rendered (before hydration): that is read with the page, not announced over it.
 * `politeness` null: nothing is said.
 */
export function useAnnounce(ref: RefObject<HTMLElement | null>, politeness: Politeness | null): void {
  const said = useRef<string | null>(null)
  useEffect(() => {
    if (politeness === null) return
    const text = ref.current?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
    if (text === said.current) return
    const firstRender = said.current === null && document.documentElement.dataset.hydrated !== 'true'
    said.current = text
    if (text && !firstRender) liveRegion.announce(text, politeness)
  })
}

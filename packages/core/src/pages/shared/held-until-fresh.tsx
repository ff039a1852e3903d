import type { ReactNode } from 'react'

import './held-until-fresh.css'

/** Props of {@link HeldUntilFresh}. */
export type HeldUntilFreshProps = {
  /** True while what `children` show may be older than what is stored. */
  held: boolean
  /** Said in the reserved space meanwhile, e.g. "Checking the latest field status…". */
  note: string
  children: ReactNode
}

/**
 * A time-sensitive part of a page (field status, live updates) that is rendered at once,
 * keeping its place so that nothing moves, but is neither seen nor read out until the
 * content read has answered: a prerendered page may be older than what is stored, and a
 * family must never act on a stale "open". Without JavaScript the page's noscript style
 * shows it as built.
 */
export function HeldUntilFresh({ held, note, children }: HeldUntilFreshProps) {
  return (
    <div className="held-until-fresh" data-held={held ? '' : undefined} aria-busy={held}>
      {held && <p className="held-until-fresh__note">{note}</p>}
      {/* visibility: hidden (held-until-fresh.css) keeps it from assistive technology too,
          and without JavaScript the page's noscript style shows it, readable by all. */}
      <div className="held-until-fresh__content">{children}</div>
    </div>
  )
}

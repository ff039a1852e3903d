import type { ReactNode } from 'react'

import './held-until-fresh.css'

/** Props of {@link HeldUntilFresh}. */
export type HeldUntilFreshProps = {
  /** True while what `children` show may be older than what is stored. */
  held: boolean
  /** Said in the reserved space meanwhile, e.g. "Checking the latest field status…". */
  note: string
  /**
   * The read failed: what shows is the page's as built (or the built-in content) and may
   * be out of date. Said above it until a later read answers.
   */
  stale?: boolean
  children: ReactNode
}

/** Said above a time-sensitive part while the content read fails. */
export const STALE_PART_NOTE = 'Could not check for updates: this may be out of date.'

/**
 * A time-sensitive part of a page (field status, live updates) that is rendered at once,
 * keeping its place so that nothing moves, but is neither seen nor read out until the
 * content read has answered: a prerendered page may be older than what is stored, and a
 * family must never act on a stale "open". Without JavaScript the page's noscript style
 * shows it as built.
 */
export function HeldUntilFresh({ held, note, stale = false, children }: HeldUntilFreshProps) {
  return (
    <div className="held-until-fresh" data-held={held ? '' : undefined} aria-busy={held}>
      {held && <p className="held-until-fresh__note">{note}</p>}
      {stale && !held && <p className="held-until-fresh__stale">{STALE_PART_NOTE}</p>}
      {/* visibility: hidden (held-until-fresh.css) keeps it from assistive technology too,
          and without JavaScript the page's noscript style shows it, readable by all. */}
      <div className="held-until-fresh__content">{children}</div>
    </div>
  )
}

import type { ReactNode, Ref } from 'react'

/**
 * What a task of a screen came to (a restore, a publish): a status, or an alert when it failed,
 * drawn by `.admin-outcome` (admin/admin-shell.css). It takes focus when it shows, through
 * `panelRef`, so the outcome is read out and the keyboard starts from it.
 *
 * @example
 * <OutcomePanel panelRef={resultRef} isError={failed} className="history__result">
 *   <strong>Restored.</strong> <span>Version 3 is saved again.</span>
 * </OutcomePanel>
 */
export function OutcomePanel({
  panelRef,
  isError,
  className,
  children,
}: {
  panelRef: Ref<HTMLDivElement>
  isError: boolean
  /** The screen's own class for its place on the page. */
  className: string
  children: ReactNode
}) {
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      className={`admin-outcome${isError ? ' admin-outcome--error' : ''} ${className}`}
      role={isError ? 'alert' : 'status'}
    >
      {children}
    </div>
  )
}

import type { RefObject } from 'react'

import { OutcomePanel } from '../ui/outcome-panel.tsx'
import type { RestoreOutcome } from './restore-revision.ts'

/** How a restore ended, with the version it was stored as. */
export type RestoreResult = { outcome: RestoreOutcome; version?: number }

/** What the screen says once a restore has ended. */
export function restoreMessage(
  label: string,
  restored: number,
  result: RestoreResult,
  replaced: number | undefined,
): { title: string; detail: string; isError: boolean } {
  switch (result.outcome) {
    case 'stored':
      return {
        title: 'Content Saved!',
        detail: `Version ${restored} of ${label} is live again, saved as version ${result.version ?? '?'}.${
          replaced ? ` Nothing was deleted: version ${replaced} is still in the history.` : ''
        }`,
        isError: false,
      }
    case 'kept':
      return {
        title: 'Not saved yet',
        detail: `The restore could not be sent. It is kept on this device and will be sent again; it is listed at the top of every admin screen under changes not saved yet.`,
        isError: true,
      }
    case 'conflict':
      return {
        title: 'Saved elsewhere first',
        detail: `${label} was saved while you were restoring, by another editor or in another window. Look at the newest version, then restore again if you still want to.`,
        isError: true,
      }
    case 'ignored':
      return {
        title: 'Not saved',
        detail: 'This account cannot save changes.',
        isError: true,
      }
    case 'missing':
      return {
        title: 'Not restored',
        detail: `Version ${restored} could not be read, so nothing was restored.`,
        isError: true,
      }
  }
}

/** What the screen says once a restore has ended, given focus when it shows. */
export function RestoreResultPanel({
  panelRef,
  message,
}: {
  panelRef: RefObject<HTMLDivElement | null>
  message: { title: string; detail: string; isError: boolean }
}) {
  return (
    <OutcomePanel panelRef={panelRef} isError={message.isError} className="history__result">
      <strong>{message.title}</strong> <span>{message.detail}</span>
    </OutcomePanel>
  )
}

import { useId, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'

import { contentKeyLabel } from './content-key-label.ts'
import { historyAddress } from '../routing/admin-screens.ts'
import { isDocumentKey } from '../entities/content-key-list.ts'
import { Link } from '../ui/link.tsx'

const HISTORY_STYLES = `
.edit-history { position: relative; }
.edit-history__panel { position: absolute; z-index: 960; top: calc(100% + var(--space-1)); left: 0; min-width: 15rem; max-width: calc(100vw - 2rem); padding: var(--space-3); border-radius: var(--radius); background: var(--color-white); color: var(--color-ink); box-shadow: var(--shadow); }
.edit-history__panel p { margin: 0 0 var(--space-2); }
.edit-history__panel ul { margin: 0; padding: 0; list-style: none; display: grid; gap: var(--space-1); }
.edit-bar .edit-history__panel a { color: var(--color-navy); font-weight: 600; }
`

/**
 * The content keys the page in edit mode shows, in the order they first appear: every
 * editable element carries its key (`data-edit-key`).
 */
export function keysOnPage(root: ParentNode): string[] {
  const keys: string[] = []
  for (const element of root.querySelectorAll<HTMLElement>('[data-edit-key]')) {
    const key = element.dataset.editKey
    if (key && isDocumentKey(key) && !keys.includes(key)) keys.push(key)
  }
  return keys
}

/**
 * "History" in the edit bar: a list of the documents this page shows, each linking to its
 * history (versions, differences, restore). The list is read from the page when it is opened.
 * Escape closes it and returns focus to the button.
 *
 * @example
 * <HistoryLinks key={location.pathname} />
 */
export function HistoryLinks() {
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [keys, setKeys] = useState<string[]>([])

  const toggle = () => {
    if (!open) setKeys(keysOnPage(document))
    setOpen(!open)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') {
      event.stopPropagation()
      setOpen(false)
      button.current?.focus()
    }
  }

  return (
    <div className="edit-history" onKeyDown={onKeyDown}>
      <style href="club-edit-history" precedence="default">
        {HISTORY_STYLES}
      </style>
      <button
        ref={button}
        type="button"
        className="edit-chip"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        History
      </button>
      <div id={panelId} className="edit-history__panel" hidden={!open}>
        {keys.length === 0 ? (
          <p>Nothing on this page can be edited, so it has no history.</p>
        ) : (
          <>
            <p id={`${panelId}-intro`}>What this page shows, and its saved versions:</p>
            <ul aria-labelledby={`${panelId}-intro`}>
              {keys.map((key) => (
                <li key={key}>
                  <Link to={historyAddress(key)}>
                    {contentKeyLabel(key)}
                    <span className="visually-hidden"> history</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  )
}

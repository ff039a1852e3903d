import { useState } from 'react'
import type { ComponentType } from 'react'

import { editAttributes } from '../editable.tsx'
import type { PanelEditorProps } from '../editing-context.ts'
import { useEditorServices } from './editor-services.ts'
import type { ItemPanelProps } from './editor-services.ts'
import { ClubContactPanel } from './club-contact-panel.tsx'
import { ProgramFactsPanel } from './program-facts-panel.tsx'

/**
 * The settings panels an EditablePanel may name, by default; a host adds its own through
 * EditingOptions.regionPanels (the signed-in area adds the roster's "Move to team…").
 */
export const REGION_PANELS: Readonly<Record<string, ComponentType<ItemPanelProps>>> = {
  programFacts: ProgramFactsPanel,
  clubContact: ClubContactPanel,
}

/** What a panel's button says when it is not "Edit <label>" (a panel that acts rather than edits). */
const PANEL_BUTTON_TEXT: Readonly<Record<string, string>> = {
  rosterMove: 'Move to team…',
}

/**
 * An EditablePanel in edit mode: the page's content as it is, and a button that opens the
 * named settings panel on the stored value at the target's path.
 *
 * @example
 * <EditingSurface editors={{ Panel: PanelEditor }} …><ProgramPage … /></EditingSurface>
 */
export function PanelEditor({ target, panel, label, children }: PanelEditorProps) {
  const [open, setOpen] = useState(false)
  const Panel = useEditorServices().regionPanels[panel]
  return (
    <div className="edit-panel-region" {...editAttributes(true, target)}>
      {children}
      {Panel && (
        <button type="button" className="edit-chip" onClick={() => setOpen(true)}>
          {PANEL_BUTTON_TEXT[panel] ?? `Edit ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        </button>
      )}
      {Panel && open && (
        <Panel
          contentKey={target.contentKey}
          path={target.path}
          label={label}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  )
}

import { useSyncExternalStore } from 'react'

import type { ContentDocuments } from '../entities/content-keys.ts'
import { useContentStore } from './content-provider.tsx'
import type { SiteContentStore } from './content-provider.tsx'
import { createUndoController } from './undo-controller.ts'
import type { UndoController, UndoState } from './undo-controller.ts'

/** Undo and redo for the editor, with what the buttons need to show. */
export type UndoApi = UndoState &
  Pick<UndoController<ContentDocuments>, 'edit' | 'editMany' | 'undo' | 'redo' | 'clear'>

const undoControllers = new WeakMap<
  SiteContentStore,
  Map<string, UndoController<ContentDocuments>>
>()

/**
 * The undo controller of `scope` over this store: every component of one scope (a page's
 * editor, say) shares its steps, and a remount keeps them.
 */
function obtainUndoController(store: SiteContentStore, scope: string) {
  let byScope = undoControllers.get(store)
  if (!byScope) {
    byScope = new Map()
    undoControllers.set(store, byScope)
  }
  let controller = byScope.get(scope)
  if (!controller) {
    controller = createUndoController(store)
    byScope.set(scope, controller)
  }
  return controller
}

/**
 * Undo and redo of edits made through `edit` / `editMany` in `scope` (one history per
 * scope, e.g. per edited page). Each undo or redo is saved like any edit.
 *
 * @example
 * const { edit, undo, canUndo } = useUndo('/about')
 * edit('aboutContent', next, { path: 'mission.title' })
 * <button disabled={!canUndo} onClick={() => void undo()}>Undo</button>
 */
export function useUndo(scope = 'site'): UndoApi {
  const store = useContentStore()
  const controller = obtainUndoController(store, scope)
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  return {
    ...state,
    edit: controller.edit,
    editMany: controller.editMany,
    undo: controller.undo,
    redo: controller.redo,
    clear: controller.clear,
  }
}

import { useEffect } from 'react'

import { currentEditState, EDIT_STATE_EVENT, isTypingTarget } from '@club/core/in-place-editing'
import type { EditState } from '@club/core/in-place-editing'
import type { BackendClient } from '@club/core/supabase'

import type { DesktopBridge } from '../../shared/ipc-contract.ts'
import { menuStateFrom } from '../../shared/menu-state.ts'

/** Reports the menu's state to main whenever it changes (the editor, the focus, the session). */
export function MenuStateReporter({
  bridge,
  client,
}: {
  bridge: DesktopBridge
  client: BackendClient
}) {
  useEffect(() => {
    let editor = currentEditState()
    let signedIn = false
    let last = ''
    const report = () => {
      const state = menuStateFrom({
        editor,
        typing: isTypingTarget(document.activeElement),
        signedIn,
      })
      const key = JSON.stringify(state)
      if (key === last) return
      last = key
      void bridge['menu:state'](state)
    }
    const onEditState = (event: Event) => {
      editor = (event as CustomEvent<EditState>).detail
      report()
    }
    // focusout fires before the next element has the focus: read it once the move is done.
    const onFocusChange = () => queueMicrotask(report)
    window.addEventListener(EDIT_STATE_EVENT, onEditState)
    document.addEventListener('focusin', onFocusChange)
    document.addEventListener('focusout', onFocusChange)
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      signedIn = session !== null
      report()
    })
    report()
    return () => {
      window.removeEventListener(EDIT_STATE_EVENT, onEditState)
      document.removeEventListener('focusin', onFocusChange)
      document.removeEventListener('focusout', onFocusChange)
      data.subscription.unsubscribe()
    }
  }, [bridge, client])
  return null
}

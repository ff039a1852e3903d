import { useEffect, useState } from 'react'

import type { BackendClient } from '../../backend/client.ts'
import { joinEditPresence } from '../../realtime/edit-presence.ts'
import type { EditPresence, PresenceStatus, PresentEditor } from '../../realtime/edit-presence.ts'
import type { EditorIdentity } from '../../realtime/editor-identity.ts'

/**
 * Shares the field this editor is in (`focusedField`) as focus moves in `area`, and clears it
 * when focus leaves the fields (`leaves`, given where focus went). Returns what stops it.
 *
 * @example
 * shareFocusedField(document, presence, () => nameOf(document.activeElement), (next) => !next)
 */
export function shareFocusedField(
  area: EventTarget | null | undefined,
  presence: EditPresence,
  focusedField: () => string | undefined,
  leaves: (next: EventTarget | null) => boolean,
): () => void {
  const share = () => presence.setField(focusedField())
  const onFocusOut = (event: Event) => {
    if (leaves((event as FocusEvent).relatedTarget)) presence.setField(undefined)
  }
  area?.addEventListener('focusin', share)
  area?.addEventListener('focusout', onFocusOut)
  share()
  return () => {
    area?.removeEventListener('focusin', share)
    area?.removeEventListener('focusout', onFocusOut)
  }
}

/**
 * The other editors of `page` (presence on its staff channel), and whether presence works.
 * While joined, `follow` shares this editor's field (see shareFocusedField) and returns what
 * stops it; keep it stable (a module function or a useCallback), as a new one joins again.
 *
 * @example
 * const { editors, status } = usePresence(client, page, me, followInPlaceField)
 */
export function usePresence(
  client: BackendClient,
  page: string,
  me: EditorIdentity | undefined,
  follow: (presence: EditPresence) => () => void,
) {
  const [editors, setEditors] = useState<PresentEditor[]>([])
  const [status, setStatus] = useState<PresenceStatus>('joining')
  useEffect(() => {
    if (!me) return
    const presence = joinEditPresence({
      realtime: client,
      page,
      me,
      onEditors: setEditors,
      onStatus: setStatus,
    })
    const unfollow = follow(presence)
    return () => {
      unfollow()
      presence.leave()
      setEditors([])
      setStatus('joining')
    }
  }, [client, page, me, follow])
  return { editors, status }
}

/**
 * Marks the fields the other editors are in (`data-others-in` names them): of the `fields`
 * (looked up only while someone is in one), those whose name (`nameOf`) an editor shares.
 * Keep `fields` stable, as for usePresence.
 */
export function useMarkedFields(
  editors: readonly PresentEditor[],
  fields: () => Iterable<HTMLElement>,
  nameOf: (element: HTMLElement) => string | undefined,
) {
  useEffect(() => {
    const byField = new Map<string, string[]>()
    for (const editor of editors) {
      if (editor.field)
        byField.set(editor.field, [...(byField.get(editor.field) ?? []), editor.name])
    }
    const marked: HTMLElement[] = []
    if (byField.size > 0) {
      for (const element of fields()) {
        const names = byField.get(nameOf(element) ?? '')
        if (!names) continue
        element.dataset.othersIn = names.join(', ')
        marked.push(element)
      }
    }
    return () => {
      for (const element of marked) delete element.dataset.othersIn
    }
  }, [editors, fields, nameOf])
}

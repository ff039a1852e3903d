import type { PresentEditor } from '../../realtime/edit-presence.ts'

/** The same person gets the same colour on every screen. */
function toneOf(id: string): number {
  let hash = 0
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash % 5
}

/** An editor's initials in a coloured circle; decorative, as their name is written beside it. */
export function PresenceAvatar({ editor }: { editor: Pick<PresentEditor, 'id' | 'initials'> }) {
  return (
    <span className="presence__avatar" data-tone={toneOf(editor.id)} aria-hidden="true">
      {editor.initials}
    </span>
  )
}

/**
 * Who else is editing this page: each with avatar and name (their email on hover), or a line
 * saying nobody is; or that it cannot be known right now.
 *
 * @example
 * <PresenceAvatars editors={others} status="joined" />
 */
export function PresenceAvatars({
  editors,
  status,
}: {
  editors: readonly PresentEditor[]
  status: 'joining' | 'joined' | 'unavailable'
}) {
  if (status === 'unavailable') {
    return <p className="presence__quiet">Who else is editing cannot be shown right now.</p>
  }
  if (editors.length === 0) {
    return (
      <p className="presence__quiet">
        {status === 'joined'
          ? 'No one else is editing this page.'
          : 'Checking who else is editing…'}
      </p>
    )
  }
  return (
    <div className="presence__who">
      <span id="presence-others">Also editing this page:</span>
      <ul className="presence__list" aria-labelledby="presence-others">
        {editors.map((editor) => (
          <li key={editor.id} className="presence__editor" title={editor.email || undefined}>
            <PresenceAvatar editor={editor} />
            <span className="presence__name">{editor.name}</span>
            {editor.field && (
              <span className="presence__field">{` typing in “${editor.field}”`}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

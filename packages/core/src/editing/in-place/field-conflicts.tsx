import * as Dialog from '@radix-ui/react-dialog'
import { createContext, useContext, useEffect, useId, useState } from 'react'
import type { ReactNode } from 'react'

import { AdminDepsContext } from '../../auth/admin-deps.tsx'
import { usePendingSaves } from '../../content/content-provider.tsx'
import { createHistoryRepository } from '../../history/history-repository.ts'
import type { PendingSave } from '../../content/store-types.ts'
import type { ConflictChoice, FieldConflict } from '../../content/three-way-merge.ts'
import { contentKeyLabel } from '../../history/content-key-label.ts'
import { fieldPlace } from '../../entities/field-names.ts'
import { useSignedInUserId } from '../../auth/auth-provider.tsx'
import { ANOTHER_WINDOW } from '../../realtime/edit-presence.ts'
import { ModalContent } from '../../ui/modal-content.tsx'

const FIELD_CONFLICT_STYLES = `
.field-conflicts__overlay { position: fixed; inset: 0; z-index: 1000; background: rgb(0 0 0 / 0.45); }
.field-conflicts { position: fixed; z-index: 1001; top: 50%; left: 50%; transform: translate(-50%, -50%); width: min(44rem, calc(100vw - 1rem)); max-height: calc(100dvh - 1rem); overflow: auto; box-sizing: border-box; background: var(--color-white); color: var(--color-ink); border-radius: var(--radius-lg, 8px); box-shadow: var(--shadow); padding: var(--space-4); display: grid; gap: var(--space-3); }
.field-conflicts h2 { margin: 0; font-size: 1.2rem; color: var(--color-navy); }
.field-conflicts p { margin: 0; }
.field-conflicts fieldset { margin: 0; padding: var(--space-3); border: 1px solid var(--color-muted); border-radius: var(--radius); display: grid; gap: var(--space-2); min-width: 0; }
.field-conflicts legend { font-weight: 700; padding: 0 var(--space-1); }
.field-conflicts__sides { display: grid; gap: var(--space-2); grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
.field-conflicts__side { margin: 0; padding: var(--space-2); border-left: 4px solid var(--color-navy); background: var(--color-surface, #f4f6fa); overflow-wrap: anywhere; white-space: pre-wrap; }
.field-conflicts__side--theirs { border-left-color: var(--color-red); }
.field-conflicts__side strong { display: block; }
.field-conflicts__choices { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); }
.field-conflicts__choices label { display: inline-flex; align-items: center; gap: var(--space-1); min-height: 44px; }
.field-conflicts textarea { font: inherit; width: 100%; box-sizing: border-box; min-height: 5rem; padding: 0.5rem; border: 1px solid var(--color-muted); border-radius: var(--radius); }
.field-conflicts__actions { display: flex; flex-wrap: wrap; gap: var(--space-2); justify-content: flex-end; }
`

type Choice = 'mine' | 'theirs' | 'merge'

/** The choices a conflicting field offers, by label ("merge" only where canMergeByHand). */
const CHOICES = [
  ['mine', 'Keep mine'],
  ['theirs', 'Use theirs'],
  ['merge', 'Edit a merge'],
] as const satisfies readonly (readonly [Choice, string])[]

/** A merge conflict waiting for the editor: a pending save whose merge left fields to choose. */
type Waiting = PendingSave & { conflicts: FieldConflict[] }

const isWaiting = (item: PendingSave): item is Waiting =>
  item.status === 'conflict' && (item.conflicts?.length ?? 0) > 0

/** What one side holds, as text to read: markup dropped, a removed field said so. */
function shown(value: unknown): string {
  if (value === undefined) return '(removed)'
  if (typeof value === 'string') {
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return text === '' ? '(empty)' : text
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null) return '(empty)'
  const named = value as { name?: unknown; title?: unknown; label?: unknown }
  const name = [named.name, named.title, named.label].find((part) => typeof part === 'string')
  return typeof name === 'string' ? `${name} (and its details)` : JSON.stringify(value)
}

/** Only plain text can be merged by hand; markup, lists and records take one side. */
const canMergeByHand = (conflict: FieldConflict) =>
  (typeof conflict.mine === 'string' || typeof conflict.theirs === 'string') &&
  ![conflict.mine, conflict.theirs].some((side) => typeof side === 'string' && /[<>]/.test(side))

/** A field as the screens label it: "Section 1 › Title", "Alert 2 › Title". */
function fieldLabel(key: string, conflict: FieldConflict, document: unknown): string {
  return conflict.path.length === 0
    ? contentKeyLabel(key)
    : fieldPlace(key, conflict.path, document)
}

/** How the other side of a conflict is named: its saver, the same account's other window, or someone. */
export type OtherSaver =
  { kind: 'self' } | { kind: 'other'; email: string } | { kind: 'unknown' } | { kind: 'loading' }

/** The same account, saving from another window (or device): named as presence names it. */
export const SELF_ELSEWHERE = ANOTHER_WINDOW

/**
 * Who saved the version a conflict was met at, from its revision (staff may read it): this
 * very account (another window of it), someone named by email, or unknown while it is read.
 */
export function useSavedBy(key: string, version: number | undefined): OtherSaver {
  const client = useContext(AdminDepsContext)?.client
  const me = useSignedInUserId()
  const [savedBy, setSavedBy] = useState<{ at: string; id: string | null; email: string | null }>()
  const at = `${key}:${version ?? 0}`
  useEffect(() => {
    if (!client || !version) return
    let live = true
    createHistoryRepository(client)
      .readRevision(key, version)
      .then(
        (revision) => {
          if (live && revision)
            setSavedBy({ at, id: revision.savedBy, email: revision.savedByEmail })
        },
        () => undefined,
      )
    return () => {
      live = false
    }
  }, [client, key, version, at])
  if (savedBy?.at !== at) return client && version ? { kind: 'loading' } : { kind: 'unknown' }
  if (me !== undefined && savedBy.id === me) return { kind: 'self' }
  return savedBy.email ? { kind: 'other', email: savedBy.email } : { kind: 'unknown' }
}

/**
 * Who changed the fields, at the head of a sentence: "You, in another window", an email, or
 * "Someone else".
 */
export function otherSaverName(saver: OtherSaver): string {
  return saver.kind === 'self'
    ? SELF_ELSEWHERE
    : saver.kind === 'other'
      ? saver.email
      : saver.kind === 'loading'
        ? 'Another save'
        : 'Someone else'
}

/** The first merge suggestion: both texts, theirs first. */
const bothTexts = (conflict: FieldConflict) =>
  [conflict.theirs, conflict.mine].filter((side) => typeof side === 'string').join(' ')

function ConflictForm({ item, onDone }: { item: Waiting; onDone(): void }) {
  const pending = usePendingSaves()
  const baseId = useId()
  const [choices, setChoices] = useState<Choice[]>(() => item.conflicts.map(() => 'mine'))
  const [merges, setMerges] = useState<string[]>(() => item.conflicts.map(bothTexts))
  const label = contentKeyLabel(item.key)
  const count = item.conflicts.length
  const savedBy = useSavedBy(item.key, item.currentVersion)

  const save = () => {
    const settled: ConflictChoice[] = choices.map((choice, index) =>
      choice === 'merge' ? { take: 'value', value: merges[index] ?? '' } : { take: choice },
    )
    onDone()
    void pending.resolveConflict(item.id, settled)
  }

  return (
    <>
      <Dialog.Title asChild>
        <h2>
          {savedBy.kind === 'self'
            ? `${SELF_ELSEWHERE}, changed ${count === 1 ? 'a field' : `${count} fields`} of ${label} that you changed here`
            : savedBy.kind === 'loading'
              ? `Another save changed ${count === 1 ? 'a field' : `${count} fields`} of ${label} you changed`
              : `Someone else changed ${count === 1 ? 'a field' : `${count} fields`} of ${label} you changed`}
        </h2>
      </Dialog.Title>
      <Dialog.Description>
        {savedBy.kind === 'self'
          ? `You saved ${label} in another window while editing it here. The other changes of both windows are kept together. For each field below, keep this window’s, use the other window’s, or write a mix of both, then save. Nothing is saved over the other window’s until you do.`
          : `${savedBy.kind === 'other' ? `${savedBy.email} saved ${label} while you were editing it. ` : ''}Their other changes and yours are kept together. For each field below, keep yours, use theirs, or write a mix of both, then save. Nothing is saved over theirs until you do.`}
      </Dialog.Description>
      {item.conflicts.map((conflict, index) => {
        const name = `${baseId}-${index}`
        const choice = choices[index] ?? 'mine'
        const set = (next: Choice) =>
          setChoices((list) => list.map((old, at) => (at === index ? next : old)))
        const offered = CHOICES.filter(([value]) => value !== 'merge' || canMergeByHand(conflict))
        return (
          <fieldset key={conflict.path.join('.')}>
            <legend>{fieldLabel(item.key, conflict, item.value)}</legend>
            <div className="field-conflicts__sides">
              <p className="field-conflicts__side">
                <strong>Yours</strong>
                {shown(conflict.mine)}
              </p>
              <p className="field-conflicts__side field-conflicts__side--theirs">
                <strong>
                  {savedBy.kind === 'self'
                    ? 'Your other window’s (saved now)'
                    : 'Theirs (saved now)'}
                </strong>
                {shown(conflict.theirs)}
              </p>
            </div>
            <div className="field-conflicts__choices">
              {offered.map(([value, text]) => (
                <label key={value}>
                  <input
                    type="radio"
                    name={name}
                    checked={choice === value}
                    onChange={() => set(value)}
                  />
                  {text}
                </label>
              ))}
            </div>
            {choice === 'merge' && (
              <label className="field-conflicts__merge">
                <span className="visually-hidden">{`Merged text of ${fieldLabel(item.key, conflict, item.value)}`}</span>
                <textarea
                  value={merges[index] ?? ''}
                  onChange={(event) => {
                    const text = event.target.value
                    setMerges((list) => list.map((old, at) => (at === index ? text : old)))
                  }}
                />
              </label>
            )}
          </fieldset>
        )
      })}
      <div className="field-conflicts__actions">
        <Dialog.Close asChild>
          <button type="button" className="btn btn--outline">
            Decide later
          </button>
        </Dialog.Close>
        <button type="button" className="btn btn--primary" onClick={save}>
          Save my choices
        </button>
      </div>
    </>
  )
}

/** Reopens the dialog for a conflict put off with "Decide later". */
const FieldConflictsContext = createContext<((id: string) => void) | undefined>(undefined)

/** The way to reopen the conflict dialog, when it is mounted above (the admin area). */
export function useReopenFieldConflict(): ((id: string) => void) | undefined {
  return useContext(FieldConflictsContext)
}

/**
 * The one dialog for fields both this editor and someone else changed, whatever screen saved
 * them (in-place editing, every form screen, the desktop app): each field with both versions
 * and Keep mine / Use theirs / Edit a merge, then one save of the result over theirs (the
 * store merged everything else already). Opens by itself for each new conflict; "Decide
 * later" closes it, and `useReopenFieldConflict` opens it again. Radix Dialog: focus is held
 * inside, Escape closes, and it fits a 320 px screen.
 *
 * @example
 * <FieldConflicts><Outlet /></FieldConflicts>
 */
export function FieldConflicts({ children }: { children?: ReactNode }) {
  const pending = usePendingSaves()
  // Conflicts put off, by pending save and the version they were met at: a newer one asks again.
  const [putOff, setPutOff] = useState<ReadonlySet<string>>(new Set())
  const waiting = pending.items.filter(isWaiting)
  const tag = (item: PendingSave) => `${item.id}:${item.currentVersion ?? 0}`
  const current = waiting.find((item) => !putOff.has(tag(item)))
  const putAside = (item: PendingSave) => setPutOff((set) => new Set(set).add(tag(item)))
  const reopen = (id: string) =>
    setPutOff((set) => new Set([...set].filter((entry) => !entry.startsWith(`${id}:`))))

  return (
    <FieldConflictsContext value={reopen}>
      {children}
      {current && (
        <Dialog.Root
          open
          onOpenChange={(open) => {
            if (!open) putAside(current)
          }}
        >
          <Dialog.Portal>
            <Dialog.Overlay className="field-conflicts__overlay" />
            <ModalContent className="field-conflicts">
              <style href="club-field-conflicts" precedence="default">
                {FIELD_CONFLICT_STYLES}
              </style>
              <ConflictForm key={tag(current)} item={current} onDone={() => putAside(current)} />
            </ModalContent>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </FieldConflictsContext>
  )
}

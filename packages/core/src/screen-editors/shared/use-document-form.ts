import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

import { sameDocument } from '../../content/same-document.ts'
import { mergeThreeWay } from '../../content/three-way-merge.ts'
import { sameShape, useDeviceDrafts } from './device-drafts.ts'
import type { DeviceDrafts } from './device-drafts.ts'
import type { SaveBarStatus } from './save-bar.tsx'

/** What `check` finds: the document to save, or how many problems to fix first. */
export type DraftCheck<Stored> = { ok: true; value: Stored } | { ok: false; problems: number }

/** Options of {@link useDocumentDraft}. */
export type DocumentDraftOptions<Stored, Draft> = {
  /**
   * Names the document on this device, unique per screen and document: `aboutContent`,
   * `newsPosts/<post id>`. The user is added by the admin area (DeviceDraftsContext).
   */
  id: string
  /** The stored document. A newer one replaces the draft unless the draft has edits. */
  stored: Stored
  /** The form's draft of a stored document. */
  toDraft(stored: Stored): Draft
  /**
   * The draft as it would be stored (trimmed, cleaned): what "changed" is judged on, with
   * sameDocument. The draft itself by default.
   */
  normalize?: (draft: Draft) => unknown
  /**
   * Checks the draft before a save: the cleaned document, or the number of problems. `base` is
   * the stored document the draft started from.
   */
  check(draft: Draft, base: Stored): DraftCheck<Stored>
  /**
   * Stores the checked document; a rejection keeps the draft and says why. Resolving with
   * `kept` says it is only kept on this device (offline): not called saved. A save that stores
   * something other than `next` (a post published now is dated today) resolves with
   * {@link StoredAs}, so that the form starts again from what is stored, not from `next`.
   */
  save(next: Stored, draft: Draft, base: Stored): Promise<unknown> | void
  /**
   * Reads a draft kept on the device back, or undefined when it cannot be shown (corrupt,
   * from an older form). By default it must have the shape of the form's current draft.
   */
  parse?: (raw: unknown) => Draft | undefined
  /** The draft after a save stored `saved`; toDraft(saved) by default. */
  afterSave?: (saved: Stored) => Draft
}

/** What a save resolves with when it stored `storedAs` rather than the document it was given. */
export type StoredAs<Stored> = { storedAs: Stored; kept?: boolean }

function isStoredAs<Stored>(outcome: unknown): outcome is StoredAs<Stored> {
  return typeof outcome === 'object' && outcome !== null && 'storedAs' in outcome
}

/** A draft found on the device when the screen opened, offered back. */
export type RestoreOffer = {
  /** When it was last changed (ms since the epoch). */
  savedAt: number
  /** The stored document changed since the draft was made (someone saved in between). */
  storedChangedSince: boolean
}

/** What {@link useDocumentDraft} gives the form. */
export type DocumentDraft<Stored, Draft> = {
  draft: Draft
  /** The stored document the draft started from. */
  base: Stored
  /** The draft differs from the stored document. */
  dirty: boolean
  /** Where the save stands, for the save bar. */
  status: SaveBarStatus
  /** True once a save found problems, until the next save or discard: show the errors. */
  checked: boolean
  /** Replaces the draft (a function receives the latest draft, even within one event). */
  edit(next: Draft | ((current: Draft) => Draft)): void
  /** The latest draft, for handlers that run outside a render. */
  current(): Draft
  /**
   * Checks and saves: `saved` when stored, `kept` when only kept by the store for its retries
   * (offline), `invalid` when the check found problems (the errors now show), `failed` when
   * the save was refused.
   */
  save(): Promise<'saved' | 'kept' | 'invalid' | 'failed'>
  /**
   * Whether leaving now would leave edits behind, read at the moment of asking (a navigation
   * the screen makes while saving, such as to a new post's address, is not a leave).
   */
  hasUnsavedChanges(): boolean
  /** Drops the edits: the draft goes back to the stored document, here and on the device. */
  discard(): void
  /** A draft kept on this device from an earlier visit, while the user has not chosen. */
  restoreOffer: RestoreOffer | undefined
  /** Takes the kept draft. */
  restore(): void
  /** Drops the kept draft. */
  declineRestore(): void
  /** Whether the draft is kept on this device as it is typed (false: storage blocked or full). */
  keptOnDevice: boolean
  /**
   * A newer stored document changed a field this draft changed too (another window, someone
   * else): its other changes could not be taken in, and saving will ask which to keep.
   */
  changedElsewhere: boolean
}

/** How long typing pauses before the draft is written to the device. */
export const DEVICE_WRITE_MS = 300

const identity = <T>(value: T) => value

/**
 * The one draft mechanism of every form screen: the draft of a stored document, whether it
 * differs (sameDocument on the cleaned form), the save with its states, discard, adopting a
 * newer stored document while there are no edits, and the draft kept on the device (per user
 * and document) as it is typed, offered back when the screen opens again. Pair it with
 * {@link FormScreenFrame}-style UI: SaveBar, RestoreBanner and LeaveGuard.
 *
 * @example
 * const form = useDocumentDraft({
 *   id: 'alerts', stored: alerts, toDraft: (a) => [...a],
 *   check: (draft) => ({ ok: true, value: draft.map(cleanAlert) }),
 *   save: (next) => onSave(next),
 * })
 * form.edit((current) => [...current, newAlert])
 */
export function useDocumentDraft<Stored, Draft>(
  options: DocumentDraftOptions<Stored, Draft>,
): DocumentDraft<Stored, Draft> {
  const { id, stored, toDraft } = options
  const normalize = options.normalize ?? identity
  const device = useDeviceDrafts()

  // The stored document the draft started from, with its draft: the draft begins as that very
  // object, so "changed" (sameDocument against it) compares only what an edit copied, not the
  // whole document, on every keystroke.
  const [start, setStart] = useState(() => ({ stored, draft: toDraft(stored) }))
  const base = start.stored
  const [received, setReceived] = useState(stored)
  const [draft, setDraftState] = useState<Draft>(start.draft)
  const [checked, setChecked] = useState(false)
  const [status, setStatus] = useState<SaveBarStatus>({ kind: 'idle' })
  const [offer, setOffer] = useState<{ draft: Draft; offer: RestoreOffer } | undefined>(() =>
    readOffer(device, id, stored, toDraft, normalize, options.parse),
  )
  const [keptOnDevice, setKeptOnDevice] = useState(device !== null)
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  const latest = useRef(draft)
  const baseRef = useRef(start)
  const normalizeRef = useRef(normalize)
  const saving = useRef(false)

  const baseline = useMemo(() => normalize(start.draft), [start]) // eslint-disable-line react-hooks/exhaustive-deps
  const normalized = normalize(draft)
  const dirty = !sameDocument(normalized, baseline)

  // A newly stored document (another tab, this save coming back) replaces an unedited draft.
  // A draft with edits takes in what the newer document changed in fields left alone here
  // (three-way, from the document the draft started from), so no field shows an older text
  // than the site; a field changed on both sides keeps this draft's, and saving asks which
  // to keep (the conflict dialog).
  if (stored !== received) {
    setReceived(stored)
    const fresh = toDraft(stored)
    const mineStored = sameDocument(normalize(fresh), normalized)
    if (!dirty || mineStored) {
      setStart({ stored, draft: fresh })
      setDraftState(fresh)
      setChangedElsewhere(false)
    } else if (status.kind !== 'saving') {
      const merged = mergeThreeWay(start.draft, draft, fresh)
      if (merged.conflicts.length === 0) {
        setStart({ stored, draft: fresh })
        setDraftState(merged.value as Draft)
      } else setChangedElsewhere(true)
    }
    // The failed save's changes are stored now (saved after a conflict was settled in its
    // dialog): what was said about its failure no longer holds.
    if (mineStored && status.kind === 'failed') setStatus({ kind: 'saved' })
  }

  useLayoutEffect(() => {
    latest.current = draft
    baseRef.current = start
    normalizeRef.current = normalize
  })

  // The draft goes to the device a moment after typing pauses, and at once when the screen
  // goes away (another screen, a closed tab). Nothing is written while a kept draft is offered.
  const pendingWrite = useRef<(() => void) | null>(null)
  const flush = useCallback(() => {
    const write = pendingWrite.current
    pendingWrite.current = null
    write?.()
  }, [])
  useEffect(() => {
    if (!device || offer) return
    if (!dirty) {
      pendingWrite.current = null
      device.remove(id)
      return
    }
    pendingWrite.current = () => setKeptOnDevice(device.write(id, draft, baseline))
    const timer = setTimeout(flush, DEVICE_WRITE_MS)
    return () => clearTimeout(timer)
  }, [device, id, draft, dirty, baseline, offer, flush])
  // A document that takes another name (a new post given its own address) takes its draft
  // along: the effect above writes it under the new name, and the old name is let go, so it is
  // not offered back as a draft of something else.
  const named = useRef(id)
  useEffect(() => {
    if (named.current === id) return
    device?.remove(named.current)
    named.current = id
  }, [device, id])
  useEffect(() => {
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [flush])

  const edit = useCallback((next: Draft | ((current: Draft) => Draft)) => {
    const value =
      typeof next === 'function' ? (next as (current: Draft) => Draft)(latest.current) : next
    latest.current = value
    setDraftState(value)
    setStatus((current) =>
      current.kind === 'saved' || current.kind === 'failed' ? { kind: 'idle' } : current,
    )
  }, [])

  const save = async (): Promise<'saved' | 'kept' | 'invalid' | 'failed'> => {
    const sent = latest.current
    const from = baseRef.current.stored
    const result = options.check(sent, from)
    if (!result.ok) {
      setChecked(true)
      setStatus({ kind: 'invalid', count: result.problems })
      return 'invalid'
    }
    setStatus({ kind: 'saving' })
    saving.current = true
    let outcome: unknown
    try {
      outcome = await options.save(result.value, sent, from)
    } catch (error) {
      setStatus({ kind: 'failed', detail: error instanceof Error ? error.message : '' })
      return 'failed'
    } finally {
      saving.current = false
    }
    // What the save stored: the document sent, unless the save says it stored another.
    const storedNow = isStoredAs<Stored>(outcome) ? outcome.storedAs : result.value
    const saved = { stored: storedNow, draft: toDraft(storedNow) }
    baseRef.current = saved
    setStart(saved)
    // What was typed while the save was on its way stays in the draft.
    if (latest.current === sent) {
      const next = options.afterSave ? options.afterSave(storedNow) : saved.draft
      latest.current = next
      setDraftState(next)
      pendingWrite.current = null
      device?.remove(id)
    }
    setChecked(false)
    setChangedElsewhere(false)
    const kept = outcome === 'kept' || (isStoredAs(outcome) && outcome.kept === true)
    setStatus({ kind: kept ? 'kept' : 'saved' })
    return kept ? 'kept' : 'saved'
  }

  const discard = () => {
    // Changed elsewhere meanwhile: back to the document stored now, not the one started from.
    if (changedElsewhere) {
      const now = { stored: received, draft: toDraft(received) }
      baseRef.current = now
      setStart(now)
    }
    const next = baseRef.current.draft
    latest.current = next
    pendingWrite.current = null
    setDraftState(next)
    setChecked(false)
    setStatus({ kind: 'idle' })
    setChangedElsewhere(false)
    device?.remove(id)
  }

  return {
    draft,
    base,
    dirty,
    status,
    checked,
    edit,
    current: useCallback(() => latest.current, []),
    save,
    // Stable, for the navigation blocker; it reads only refs.
    hasUnsavedChanges: useCallback(
      () =>
        !saving.current &&
        !sameDocument(
          normalizeRef.current(latest.current),
          normalizeRef.current(baseRef.current.draft),
        ),
      [],
    ),
    discard,
    restoreOffer: offer?.offer,
    restore: () => {
      if (!offer) return
      setOffer(undefined)
      edit(offer.draft)
    },
    declineRestore: () => {
      setOffer(undefined)
      device?.remove(id)
    },
    keptOnDevice: keptOnDevice && device !== null,
    changedElsewhere,
  }
}

function readOffer<Stored, Draft>(
  device: DeviceDrafts | null,
  id: string,
  stored: Stored,
  toDraft: (stored: Stored) => Draft,
  normalize: (draft: Draft) => unknown,
  parse: ((raw: unknown) => Draft | undefined) | undefined,
): { draft: Draft; offer: RestoreOffer } | undefined {
  const kept = device?.read(id)
  if (!device || !kept) return undefined
  const fresh = toDraft(stored)
  const draft = parse
    ? parse(kept.draft)
    : sameShape(kept.draft, fresh)
      ? (kept.draft as Draft)
      : undefined
  const current = normalize(fresh)
  if (draft === undefined || sameDocument(normalize(draft), current)) {
    // Nothing to offer: unreadable, or what it holds is stored now.
    device.remove(id)
    return undefined
  }
  return {
    draft,
    offer: { savedAt: kept.savedAt, storedChangedSince: !sameDocument(kept.base, current) },
  }
}

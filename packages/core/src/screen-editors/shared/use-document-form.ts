import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

import { sameDocument } from '../../content/same-document.ts'
import { mergeThreeWay } from '../../content/three-way-merge.ts'
import { sameShape, useFormCopies } from './form-copies.ts'
import type { FormCopies } from './form-copies.ts'
import type { SaveBarStatus } from './save-bar.tsx'

/** What `check` finds: the document to save, or how many problems to fix first. */
export type FormCheck<Stored> = { ok: true; value: Stored } | { ok: false; problems: number }

/** Options of {@link useDocumentForm}. */
export type DocumentFormOptions<Stored, Values> = {
  /**
   * Names the document on this device, unique per screen and document: `aboutContent`,
   * `newsPosts/<post id>`. The user is added by the admin area (FormCopiesContext).
   */
  id: string
  /** The stored document. A newer one replaces the values unless the form has edits. */
  stored: Stored
  /** The form's values for a stored document. */
  toForm(stored: Stored): Values
  /**
   * The values as they would be stored (trimmed, cleaned): what "changed" is judged on, with
   * sameDocument. The values themselves by default.
   */
  normalize?: (values: Values) => unknown
  /**
   * Checks the values before a save: the cleaned document, or the number of problems. `base` is
   * the stored document the form started from.
   */
  check(values: Values, base: Stored): FormCheck<Stored>
  /**
   * Stores the checked document; a rejection keeps the values and says why. Resolving with
   * `kept` says it is only kept on this device (offline): not called saved. A save that stores
   * something other than `next` (a post published now is dated today) resolves with
   * {@link StoredAs}, so that the form starts again from what is stored, not from `next`.
   */
  save(next: Stored, values: Values, base: Stored): Promise<unknown> | void
  /**
   * Reads a form copy kept on the device back, or undefined when it cannot be shown (corrupt,
   * from an older form). By default it must have the shape of the form's current values.
   */
  parse?: (raw: unknown) => Values | undefined
  /** The values after a save stored `saved`; toForm(saved) by default. */
  afterSave?: (saved: Stored) => Values
}

/** What a save resolves with when it stored `storedAs` rather than the document it was given. */
export type StoredAs<Stored> = { storedAs: Stored; kept?: boolean }

function isStoredAs<Stored>(outcome: unknown): outcome is StoredAs<Stored> {
  return typeof outcome === 'object' && outcome !== null && 'storedAs' in outcome
}

/** A form copy found on the device when the screen opened, offered back. */
export type RestoreOffer = {
  /** When it was last changed (ms since the epoch). */
  savedAt: number
  /** The stored document changed since the values were made (someone saved in between). */
  storedChangedSince: boolean
}

/** What {@link useDocumentForm} gives the form. */
export type DocumentForm<Stored, Values> = {
  values: Values
  /** The stored document the form started from. */
  base: Stored
  /** The values differ from the stored document. */
  dirty: boolean
  /** Where the save stands, for the save bar. */
  status: SaveBarStatus
  /** True once a save found problems, until the next save or discard: show the errors. */
  checked: boolean
  /**
   * How many problems `check` finds in the values now while `checked` (0 otherwise): the save
   * bar's "Fix N problems", which counts down as they are fixed.
   */
  problems: number
  /** Replaces the values (a function receives the latest values, even within one event). */
  edit(next: Values | ((current: Values) => Values)): void
  /** The latest values, for handlers that run outside a render. */
  current(): Values
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
  /** Drops the edits: the values go back to the stored document, here and on the device. */
  discard(): void
  /** A form copy kept on this device from an earlier visit, while the user has not chosen. */
  restoreOffer: RestoreOffer | undefined
  /** Takes the form copy. */
  restore(): void
  /** Drops the form copy. */
  declineRestore(): void
  /** Whether the values are kept on this device as it is typed (false: storage blocked or full). */
  keptOnDevice: boolean
  /**
   * A newer stored document changed a field this form changed too (another window, someone
   * else): its other changes could not be taken in, and saving will ask which to keep.
   */
  changedElsewhere: boolean
}

/** How long typing pauses before the values are written to the device. */
export const DEVICE_WRITE_MS = 300

const identity = <T>(value: T) => value

/**
 * The one form mechanism of every form screen: the values of a stored document, whether it
 * differs (sameDocument on the cleaned form), the save with its states, discard, adopting a
 * newer stored document while there are no edits, and the form copy kept on the device (per user
 * and document) as it is typed, offered back when the screen opens again. Pair it with
 * {@link FormScreenFrame}-style UI: SaveBar, RestoreBanner and LeaveGuard.
 *
 * @example
 * const form = useDocumentForm({
 *   id: 'alerts', stored: alerts, toForm: (a) => [...a],
 *   check: (values) => ({ ok: true, value: values.map(cleanAlert) }),
 *   save: (next) => onSave(next),
 * })
 * form.edit((current) => [...current, newAlert])
 */
export function useDocumentForm<Stored, Values>(
  options: DocumentFormOptions<Stored, Values>,
): DocumentForm<Stored, Values> {
  const { id, stored, toForm } = options
  const normalize = options.normalize ?? identity
  const device = useFormCopies()

  // The stored document the form started from, with its values: the values begin as that very
  // object, so "changed" (sameDocument against it) compares only what an edit copied, not the
  // whole document, on every keystroke.
  const [start, setStart] = useState(() => ({ stored, values: toForm(stored) }))
  const base = start.stored
  const [received, setReceived] = useState(stored)
  const [values, setValuesState] = useState<Values>(start.values)
  const [checked, setChecked] = useState(false)
  const [status, setStatus] = useState<SaveBarStatus>({ kind: 'idle' })
  const [offer, setOffer] = useState<{ values: Values; offer: RestoreOffer } | undefined>(() =>
    readOffer(device, id, stored, toForm, normalize, options.parse),
  )
  const [keptOnDevice, setKeptOnDevice] = useState(device !== null)
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  const latest = useRef(values)
  const baseRef = useRef(start)
  const normalizeRef = useRef(normalize)
  const saving = useRef(false)

  const baseline = useMemo(() => normalize(start.values), [start]) // eslint-disable-line react-hooks/exhaustive-deps
  const found = checked ? options.check(values, start.stored) : undefined
  const problems = found && !found.ok ? found.problems : 0
  const normalized = normalize(values)
  const dirty = !sameDocument(normalized, baseline)

  // A newly stored document (another tab, this save coming back) replaces an form without edits.
  // A form with edits takes in what the newer document changed in fields left alone here
  // (three-way, from the document the form started from), so no field shows an older text
  // than the site; a field changed on both sides keeps this form's, and saving asks which
  // to keep (the conflict dialog).
  if (stored !== received) {
    setReceived(stored)
    const fresh = toForm(stored)
    const mineStored = sameDocument(normalize(fresh), normalized)
    if (!dirty || mineStored) {
      setStart({ stored, values: fresh })
      setValuesState(fresh)
      setChangedElsewhere(false)
    } else if (status.kind !== 'saving') {
      const merged = mergeThreeWay(start.values, values, fresh)
      if (merged.conflicts.length === 0) {
        setStart({ stored, values: fresh })
        setValuesState(merged.value as Values)
      } else setChangedElsewhere(true)
    }
    // The failed save's changes are stored now (saved after a conflict was settled in its
    // dialog): what was said about its failure no longer holds.
    if (mineStored && status.kind === 'failed') setStatus({ kind: 'saved' })
  }

  useLayoutEffect(() => {
    latest.current = values
    baseRef.current = start
    normalizeRef.current = normalize
  })

  // The values go to the device a moment after typing pauses, and at once when the screen
  // goes away (another screen, a closed tab). Nothing is written while a form copy is offered.
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
    pendingWrite.current = () => setKeptOnDevice(device.write(id, values, baseline))
    const timer = setTimeout(flush, DEVICE_WRITE_MS)
    return () => clearTimeout(timer)
  }, [device, id, values, dirty, baseline, offer, flush])
  // A document that takes another name (a new post given its own address) takes its values
  // along: the effect above writes it under the new name, and the old name is let go, so it is
  // not offered back as values of something else.
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

  const edit = useCallback((next: Values | ((current: Values) => Values)) => {
    const value =
      typeof next === 'function' ? (next as (current: Values) => Values)(latest.current) : next
    latest.current = value
    setValuesState(value)
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
    const saved = { stored: storedNow, values: toForm(storedNow) }
    baseRef.current = saved
    setStart(saved)
    // What was typed while the save was on its way stays in the form.
    if (latest.current === sent) {
      const next = options.afterSave ? options.afterSave(storedNow) : saved.values
      latest.current = next
      setValuesState(next)
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
      const now = { stored: received, values: toForm(received) }
      baseRef.current = now
      setStart(now)
    }
    const next = baseRef.current.values
    latest.current = next
    pendingWrite.current = null
    setValuesState(next)
    setChecked(false)
    setStatus({ kind: 'idle' })
    setChangedElsewhere(false)
    device?.remove(id)
  }

  return {
    values,
    base,
    dirty,
    status,
    checked,
    problems,
    edit,
    current: useCallback(() => latest.current, []),
    save,
    // Stable, for the navigation blocker; it reads only refs.
    hasUnsavedChanges: useCallback(
      () =>
        !saving.current &&
        !sameDocument(
          normalizeRef.current(latest.current),
          normalizeRef.current(baseRef.current.values),
        ),
      [],
    ),
    discard,
    restoreOffer: offer?.offer,
    restore: () => {
      if (!offer) return
      setOffer(undefined)
      edit(offer.values)
    },
    declineRestore: () => {
      setOffer(undefined)
      device?.remove(id)
    },
    keptOnDevice: keptOnDevice && device !== null,
    changedElsewhere,
  }
}

function readOffer<Stored, Values>(
  device: FormCopies | null,
  id: string,
  stored: Stored,
  toForm: (stored: Stored) => Values,
  normalize: (values: Values) => unknown,
  parse: ((raw: unknown) => Values | undefined) | undefined,
): { values: Values; offer: RestoreOffer } | undefined {
  const kept = device?.read(id)
  if (!device || !kept) return undefined
  const fresh = toForm(stored)
  const values = parse
    ? parse(kept.values)
    : sameShape(kept.values, fresh)
      ? (kept.values as Values)
      : undefined
  const current = normalize(fresh)
  if (values === undefined || sameDocument(normalize(values), current)) {
    // Nothing to offer: unreadable, or what it holds is stored now.
    device.remove(id)
    return undefined
  }
  return {
    values,
    offer: { savedAt: kept.savedAt, storedChangedSince: !sameDocument(kept.base, current) },
  }
}

/**
 * The notice queue behind every toast the product shows. Framework-free so the
 * timing rules (one at a time, 5000 ms, pause while hovered or focused) are unit
 * tested with fake timers; `<Notices/>` only renders what this store holds.
 */

/** How long a notice stays by default (spec §9). */
export const NOTICE_DURATION_MS = 5000
/** How many notices show at once (spec §4): a new one replaces the current. */
export const NOTICE_LIMIT = 1
/** How far a notice must be swiped before it is dismissed (spec §9). */
export const NOTICE_SWIPE_THRESHOLD_PX = 50

/** Default notices are polite; destructive ones are announced assertively. */
export type NoticeVariant = 'default' | 'destructive'

/** A button inside a notice. `altText` tells screen-reader users how to do the same elsewhere. */
export type NoticeAction = {
  label: string
  altText: string
  onSelect: () => void
}

/** What a caller asks to show. */
export type NoticeInput = {
  title: string
  description?: string
  variant?: NoticeVariant
  /** Milliseconds before it dismisses itself; `null` keeps it until dismissed or replaced. */
  duration?: number | null
  actions?: readonly NoticeAction[]
}

/** A notice as the renderer sees it. */
export type Notice = {
  id: string
  title: string
  description: string | undefined
  variant: NoticeVariant
  duration: number | null
  actions: readonly NoticeAction[]
}

/** Anything that can show a notice: the store, or a test's recorder. */
export type NotifyFn = (notice: NoticeInput) => string

/** The store's public face. */
export type NoticeStore = {
  /** Shows a notice, replacing the current one; returns its id. */
  show: NotifyFn
  /** Dismisses the notice with this id (or the current one when no id is given). */
  dismiss(id?: string): void
  /** Stops the dismiss timer, e.g. while the pointer or focus is on the notice. */
  pause(id: string): void
  /** Starts the dismiss timer again with the time that was left. */
  resume(id: string): void
  /**
   * Holds every notice's timer, those shown from now on included, until the returned release
   * is called: while nothing can show them yet (the renderer's code still loading, seconds on a
   * slow phone), a notice must not run out its time unseen. Holds nest.
   */
  hold(): () => void
  /** The notices showing now (at most NOTICE_LIMIT); the same array until something changes. */
  getSnapshot(): readonly Notice[]
  subscribe(listener: () => void): () => void
  /** Clears every notice and timer. */
  dispose(): void
}

type Timing = {
  timer: ReturnType<typeof setTimeout> | undefined
  remaining: number
  startedAt: number
}

/** Creates an empty notice store. One per app: every provider shows its notices through it. */
export function createNoticeStore(): NoticeStore {
  let notices: readonly Notice[] = []
  const timings = new Map<string, Timing>()
  const listeners = new Set<() => void>()
  let counter = 0
  let holds = 0

  const emit = () => {
    for (const listener of [...listeners]) listener()
  }

  const stopTimer = (id: string) => {
    const timing = timings.get(id)
    if (timing?.timer !== undefined) clearTimeout(timing.timer)
    timings.delete(id)
  }

  // Held (see hold), a notice's time waits, as if paused, until it is released.
  const startTimer = (id: string, duration: number) => {
    const timing: Timing = { timer: undefined, remaining: duration, startedAt: Date.now() }
    if (holds === 0) timing.timer = setTimeout(() => dismiss(id), duration)
    timings.set(id, timing)
  }

  function pause(id: string) {
    const timing = timings.get(id)
    if (!timing || timing.timer === undefined) return
    clearTimeout(timing.timer)
    timing.timer = undefined
    timing.remaining = Math.max(0, timing.remaining - (Date.now() - timing.startedAt))
  }

  function resume(id: string) {
    const timing = timings.get(id)
    if (!timing || timing.timer !== undefined || holds > 0) return
    timing.startedAt = Date.now()
    timing.timer = setTimeout(() => dismiss(id), timing.remaining)
  }

  function dismiss(id?: string) {
    const target = id ?? notices[0]?.id
    if (target === undefined || !notices.some((notice) => notice.id === target)) return
    stopTimer(target)
    notices = notices.filter((notice) => notice.id !== target)
    emit()
  }

  return {
    show(input) {
      counter += 1
      const notice: Notice = {
        id: `notice-${counter}`,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        duration: input.duration === undefined ? NOTICE_DURATION_MS : input.duration,
        actions: input.actions ?? [],
      }
      const kept = [...notices, notice]
      const dropped = kept.slice(0, Math.max(0, kept.length - NOTICE_LIMIT))
      for (const old of dropped) stopTimer(old.id)
      notices = kept.slice(kept.length - NOTICE_LIMIT)
      if (notice.duration !== null) startTimer(notice.id, notice.duration)
      emit()
      return notice.id
    },
    dismiss,
    pause,
    resume,
    hold() {
      holds += 1
      for (const id of timings.keys()) pause(id)
      let released = false
      return () => {
        if (released) return
        released = true
        holds -= 1
        if (holds === 0) for (const id of [...timings.keys()]) resume(id)
      }
    },
    getSnapshot: () => notices,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      for (const id of [...timings.keys()]) stopTimer(id)
      notices = []
      emit()
    },
  }
}

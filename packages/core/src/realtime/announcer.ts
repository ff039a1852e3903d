/** Says short messages to screen readers without moving focus or showing anything. */
export type Announcer = {
  /** Queues `message` politely: it is read once the reader is idle. */
  announce(message: string): void
  /** Removes the region. */
  dispose(): void
}

/** Marks the region, so tests and a second start find the one that exists. */
export const ANNOUNCER_ATTRIBUTE = 'data-live-announcer'

/**
 * A polite live region (`role="status"`), visually hidden, appended to `body` (outside the
 * app's root, which React owns). It exists, empty, before the first message: a region
 * added together with its text is not announced by every screen reader. The text is
 * cleared first, so the same message twice in a row is read twice.
 *
 * @example
 * const announcer = createAnnouncer(document)
 * announcer.announce('Field status updated')
 */
export function createAnnouncer(document: Document): Announcer {
  const region =
    document.querySelector<HTMLElement>(`[${ANNOUNCER_ATTRIBUTE}]`) ??
    document.body.appendChild(document.createElement('div'))
  region.setAttribute(ANNOUNCER_ATTRIBUTE, '')
  region.setAttribute('role', 'status')
  region.setAttribute('aria-live', 'polite')
  region.setAttribute('aria-atomic', 'true')
  region.className = 'visually-hidden'
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    announce(message) {
      region.textContent = ''
      clearTimeout(timer)
      timer = setTimeout(() => {
        region.textContent = message
      }, 100)
    },
    dispose() {
      clearTimeout(timer)
      region.remove()
    },
  }
}

import { useEffect, useRef, useState } from 'react'

import { useHydrated } from '../schedule/use-hydrated.ts'
import './share-action.css'

/** Props of {@link ShareAction}. */
export type ShareActionProps = {
  /** What is shared: the page's title. */
  title: string
  /** The page's public path (its canonical address on this site). */
  path: string
  /** `dark` when the action sits on a dark background (heroes). */
  tone?: 'light' | 'dark'
}

/** How long "Link copied" stays. */
export const SHARE_STATUS_MS = 4000

type Status = { text: string; url?: string } | undefined

/**
 * Share or copy the page's address: the device's share sheet where the browser has one
 * (`navigator.share`, phones), otherwise a copy to the clipboard, confirmed by a visible status
 * that screen readers announce ("Link copied"). If the clipboard refuses, the address is shown
 * in a field that takes focus, selected, to copy by hand.
 */
export function ShareAction({ title, path, tone = 'light' }: ShareActionProps) {
  const hydrated = useHydrated()
  const canShare = hydrated && typeof navigator !== 'undefined' && 'share' in navigator
  const [status, setStatus] = useState<Status>()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const fallback = useRef<HTMLInputElement>(null)

  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => {
    if (!status?.url) return
    fallback.current?.focus()
    fallback.current?.select()
  }, [status])

  const show = (next: Status, forMs?: number) => {
    clearTimeout(timer.current)
    setStatus(next)
    if (forMs) timer.current = setTimeout(() => setStatus(undefined), forMs)
  }

  const onClick = async () => {
    const url = new URL(path, window.location.origin).href
    if (canShare) {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        // The visitor closed the share sheet: nothing to say.
        if ((error as Error).name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      show({ text: 'Link copied' }, SHARE_STATUS_MS)
    } catch {
      show({ text: 'Copy this link:', url })
    }
  }

  return (
    // A control, not the page's words: the site search leaves it out (data-pagefind-ignore).
    <div className={`share-action share-action--${tone}`} data-pagefind-ignore="all">
      <button type="button" className="btn btn--outline share-action__button" onClick={onClick}>
        {canShare ? 'Share' : 'Copy link'}
        <span className="visually-hidden">: {title}</span>
      </button>
      <p role="status" className="share-action__status">
        {status?.text}
        {status?.url && (
          <input
            ref={fallback}
            className="share-action__url"
            readOnly
            value={status.url}
            aria-label="Link to this page"
          />
        )}
      </p>
    </div>
  )
}

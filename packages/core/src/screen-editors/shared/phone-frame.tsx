import { useLayoutEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'

/** The width of the phone the preview shows (the spec's phone, 390 px). */
export const PHONE_WIDTH = 390

/** Copies the page's stylesheets into `target`, replacing the copies made before. */
function copyStyles(target: Document) {
  for (const old of target.head.querySelectorAll('[data-copied-style]')) old.remove()
  for (const node of document.querySelectorAll('link[rel="stylesheet"], style')) {
    const copy = node.cloneNode(true) as HTMLElement
    copy.setAttribute('data-copied-style', '')
    target.head.append(copy)
  }
  target.documentElement.lang = document.documentElement.lang
  target.documentElement.className = document.documentElement.className
  target.body.className = document.body.className
}

/**
 * Renders `children` inside a frame `width` px wide, so the page's own media queries lay
 * it out as on a phone of that width. The content is this React tree (a portal into the
 * frame's document), not a page loaded from the site: it shows what the staff session holds,
 * form copies and scheduled posts included, which the public address would answer with a 404.
 * The frame takes the page's stylesheets, and again whenever a stylesheet is added.
 *
 * @example
 * <PhoneFrame title="The post on a phone, 390 px wide"><NewsArticlePage … /></PhoneFrame>
 */
export function PhoneFrame({
  title,
  width = PHONE_WIDTH,
  children,
}: {
  title: string
  width?: number
  children: ReactNode
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [body, setBody] = useState<HTMLElement | null>(null)
  useLayoutEffect(() => {
    // A frame without an address keeps its first, empty document, of this page's origin.
    const target = frame.current?.contentDocument
    if (!target) return
    copyStyles(target)
    setBody(target.body)
    const styles = new MutationObserver((changes) => {
      const added = changes.some((change) =>
        [...change.addedNodes, ...change.removedNodes].some(
          (node) => node.nodeName === 'STYLE' || node.nodeName === 'LINK',
        ),
      )
      if (added) copyStyles(target)
    })
    styles.observe(document.head, { childList: true })
    return () => styles.disconnect()
  }, [])
  return (
    <>
      <iframe
        ref={frame}
        className="phone-frame"
        title={title}
        width={width}
        style={{ width: `${width}px` }}
      />
      {body && createPortal(children, body)}
    </>
  )
}

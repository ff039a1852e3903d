import type { CSSProperties, ReactNode } from 'react'

import { isWebAddress, SmartLink } from '../shared/smart-link.tsx'
import './external-mark.css'

/**
 * Marks a link that leaves the site: an arrow for sighted visitors and the words for screen
 * readers, so nobody is surprised to land on a registration or giving site run by someone else.
 */
export function ExternalMark() {
  return (
    <>
      {' '}
      <svg
        className="external-mark"
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 16 16"
        width="16"
        height="16"
      >
        <path
          d="M6 3h7v7M13 3 5 11M11 13H3V5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">(opens another site)</span>
    </>
  )
}

/** Props of {@link MarkedLink}: those of SmartLink. */
export type MarkedLinkProps = {
  to: string
  className?: string
  style?: CSSProperties
  children: ReactNode
}

/**
 * A {@link SmartLink} that carries the {@link ExternalMark} when its target is another site.
 *
 * @example
 * <MarkedLink to={sponsor.link}>{sponsor.name}</MarkedLink>
 */
export function MarkedLink({ to, className, style, children }: MarkedLinkProps) {
  return (
    <SmartLink to={to} className={className} style={style}>
      {children}
      {isWebAddress(to) && <ExternalMark />}
    </SmartLink>
  )
}

import type { CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'

// Site paths (not protocol-relative `//host`), in-page anchors, web, mail and phone links.
const SAFE_HREF = /^(?:\/(?![/\\])|#|https?:\/\/|mailto:|tel:)/i

/** True when `href` is a link the site may render (stored content is validated, but pages defend too). */
export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href)
}

/** True for a path inside this site, which react-router should handle. */
export function isInternalPath(href: string): boolean {
  return /^\/(?![/\\])/.test(href)
}

/** True for an `http(s)` address, which leaves the site. */
export function isWebAddress(href: string): boolean {
  return /^https?:\/\//i.test(href)
}

/** Props of {@link SmartLink}. */
export type SmartLinkProps = {
  /** Where the link goes, as stored in content: `/programs`, `#tryouts`, `https://…`, `mailto:…`. */
  to: string
  className?: string
  style?: CSSProperties
  children: ReactNode
}

/**
 * A link whose target comes from content: site paths go through react-router, anything else is
 * a plain anchor that cannot reach back to this page. A target that is not a safe link renders
 * the text alone rather than a broken or dangerous link.
 *
 * @example
 * <SmartLink to={hero.buttonLink} className="btn btn--primary">{hero.buttonText}</SmartLink>
 */
export function SmartLink({ to, className, style, children }: SmartLinkProps) {
  if (!isSafeHref(to)) {
    return (
      <span className={className} style={style}>
        {children}
      </span>
    )
  }
  if (isInternalPath(to)) {
    return (
      <Link to={to} className={className} style={style}>
        {children}
      </Link>
    )
  }
  return (
    <a
      href={to}
      className={className}
      style={style}
      rel={isWebAddress(to) ? 'noopener noreferrer' : undefined}
    >
      {children}
    </a>
  )
}

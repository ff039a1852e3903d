import type { CSSProperties, ReactNode } from 'react'

import { Link } from '../../ui/link.tsx'
import { classifyLink } from '../../entities/links.ts'

/** True when `href` is a link the site may render (stored content is validated, but pages defend too). */
export function isSafeHref(href: string): boolean {
  return classifyLink(href).kind !== 'refused'
}

/** True for a path inside this site, which react-router should handle. */
export function isInternalPath(href: string): boolean {
  return classifyLink(href).kind === 'internal'
}

/** True for an `http(s)` address, which leaves the site. */
export function isWebAddress(href: string): boolean {
  return classifyLink(href).kind === 'external'
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
 * a plain anchor that cannot reach back to this page. The shared classifier (entities/links.ts)
 * decides; a target it refuses renders the text alone rather than a broken or dangerous link.
 *
 * @example
 * <SmartLink to={hero.buttonLink} className="btn btn--primary">{hero.buttonText}</SmartLink>
 */
export function SmartLink({ to, className, style, children }: SmartLinkProps) {
  const link = classifyLink(to)
  if (link.kind === 'refused') {
    return (
      <span className={className} style={style}>
        {children}
      </span>
    )
  }
  if (link.kind === 'internal') {
    return (
      <Link to={link.href} className={className} style={style}>
        {children}
      </Link>
    )
  }
  return (
    <a
      href={link.href}
      className={className}
      style={style}
      rel={link.kind === 'external' ? 'noopener noreferrer' : undefined}
    >
      {children}
    </a>
  )
}

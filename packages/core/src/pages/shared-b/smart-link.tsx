import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** True for a site path such as `/contact` or `/rules#faq` (not a protocol-relative `//host`). */
export function isSitePath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')
}

/** True for an `http(s)` address, which leaves the site. */
export function isWebAddress(link: string): boolean {
  return /^https?:\/\//i.test(link)
}

type SmartLinkProps = {
  /** A link as content stores it: a site path, `#anchor`, web address, `mailto:` or `tel:`. */
  to: string
  className?: string
  children: ReactNode
}

/**
 * A link that picks its element from where it points: the router's `<Link>` inside the site,
 * a plain `<a>` elsewhere (web addresses get `rel="noopener noreferrer"`). Content links are
 * validated by the entity schemas; this only chooses how to follow them.
 */
export function SmartLink({ to, className, children }: SmartLinkProps) {
  if (isSitePath(to)) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={to} className={className} rel={isWebAddress(to) ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  )
}

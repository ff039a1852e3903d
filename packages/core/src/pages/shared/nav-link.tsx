import { useLocation, useResolvedPath } from 'react-router'

import { Link } from '../../ui/link.tsx'
import type { LinkProps } from '../../ui/link.tsx'

/** Props of {@link NavLink}: a {@link Link}'s, with `end` as react-router's `NavLink` has it. */
export type NavLinkProps = LinkProps & {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean
}

/**
 * A {@link Link} that marks itself `aria-current="page"` while the app is on its path (or,
 * without `end`, below it), as react-router's `NavLink` does. The signed-in area uses it and
 * {@link Link} instead of react-router's: while any chunk of the app uses those, their
 * prefetching code (framework mode's) rides in a module that home's start-up chunk needs for
 * react-router's `Router`, about 2 KB gzipped. (A module of its own: link.tsx is start-up code.)
 *
 * @example
 * <NavLink to="/admin/communications" end>Inbox</NavLink>
 */
export function NavLink({ end = false, ...props }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase()
  const path = useResolvedPath(props.to).pathname.toLowerCase()
  // `/admin/` is active below it as `/admin` is: the slash ends the segment either way.
  const segmentEnd = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length
  const active = here === path || (!end && here.startsWith(path) && here.charAt(segmentEnd) === '/')
  return <Link aria-current={active ? 'page' : undefined} {...props} />
}

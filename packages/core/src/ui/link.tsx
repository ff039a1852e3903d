import { createContext, useContext, useEffect } from 'react'
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react'
import { createPath, useHref, useLocation, useNavigate, useResolvedPath } from 'react-router'
import type { To } from 'react-router'

/** Props of {@link Link}: an anchor's, with `to` for its `href`. */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To
  /** Replaces the current history entry (default: only when `to` is where the app is). */
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

/** A click the app makes itself: the main button, no modifier key, no other target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

/**
 * Makes a move the site's layout has to prepare first: given where a link leads (the path it
 * resolved to) and the move itself, it moves once the page there can show, or stays where it
 * is and says why (offline: see site/offline-moves.tsx). Without one, a link moves at once.
 */
export type PrepareMove = (path: string, move: () => void) => void

/** The layout's {@link PrepareMove}, for the links inside it. */
export const PrepareMoveContext = createContext<PrepareMove | null>(null)

/**
 * A link to a page of this app, on react-router's hooks (`useHref`, `useNavigate`): a plain
 * click moves inside the app, replacing the entry when it leads where the app already is (as
 * react-router's `Link` does); a modified click, another `target` or a click a handler prevented
 * is left to the browser. The public pages use it instead of react-router's `Link`, whose module
 * (with framework mode's route discovery and prefetching) would add about 5 KB gzipped to
 * home's start-up JavaScript.
 *
 * @example
 * <Link to={paths.teams()} className="btn">Teams</Link>
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to)
  const navigate = useNavigate()
  const here = createPath(useLocation())
  const there = createPath(useResolvedPath(to))
  const prepare = useContext(PrepareMoveContext)
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !isPlainClick(event, target)) return
        event.preventDefault()
        const move = () => void navigate(to, { replace: replace ?? here === there, state })
        if (prepare) prepare(there, move)
        else move()
      }}
    />
  )
}

/**
 * Moves the app to `to` as it renders, in place of the current history entry: react-router's
 * `<Navigate replace>`, which the start-up chunk would otherwise carry for the site's old
 * addresses. It renders nothing, and on the server it does nothing (the build writes a
 * redirect page for each old address).
 *
 * @example
 * if (!auth.session) return <Redirect to="/admin-login" />
 */
export function Redirect({ to }: { to: To }) {
  const navigate = useNavigate()
  const target = typeof to === 'string' ? to : createPath(to)
  useEffect(() => {
    void navigate(target, { replace: true })
  }, [navigate, target])
  return null
}

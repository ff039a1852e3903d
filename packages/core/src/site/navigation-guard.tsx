import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react'
import type { ReactNode } from 'react'
import { NavigationType, parsePath, Router, UNSAFE_createBrowserHistory } from 'react-router'
import type { Location, Navigator, To } from 'react-router'

/** The move a form may hold: where the app is, where it was asked to go, and how. */
export type GuardedMove = {
  currentLocation: Location
  nextLocation: Location
  historyAction: NavigationType
}

/** Says whether a move must wait for the user (a form with unsaved changes). */
export type ShouldHold = (move: GuardedMove) => boolean

/**
 * The browser app's navigation guard: forms register a {@link ShouldHold}; a move it holds
 * waits until the form's dialog proceeds with it or stays.
 */
export type NavigationGuard = {
  /** Holds the moves `shouldHold` says to; returns the function that stops it. */
  hold(shouldHold: ShouldHold): () => void
  /** Whether a move is waiting on `shouldHold`'s answer. */
  isHolding(shouldHold: ShouldHold): boolean
  subscribe(listener: () => void): () => void
  /** Makes the waiting move after all. */
  proceed(): void
  /** Drops the waiting move: the app stays where it is. */
  stay(): void
}

type RouterState = { action: NavigationType; location: Location }

/**
 * A browser history whose moves pass through the guard: links and `navigate` (push, replace)
 * are held before the address changes; Back and Forward (pop) have already changed it, so a
 * held pop is undone (`history.go` back by the same distance) and made again on proceed.
 */
export function createGuardedHistory(win: Window = window) {
  const history = UNSAFE_createBrowserHistory({ window: win, v5Compat: true })
  const holders = new Set<ShouldHold>()
  const listeners = new Set<() => void>()
  let waiting: { by: ShouldHold; pop: boolean; retry(): void } | undefined
  /** The next move goes through unasked (the one a dialog proceeded with). */
  let passing = false
  /** The pop that undoes a held pop: the app never saw it leave. */
  let undoing = false
  let shown: Location = history.location
  let onChange: ((state: RouterState) => void) | undefined

  const notify = () => listeners.forEach((listener) => listener())
  const holderOf = (nextLocation: Location, historyAction: NavigationType) =>
    [...holders].find((shouldHold) =>
      shouldHold({ currentLocation: shown, nextLocation, historyAction }),
    )

  history.listen(({ action, location, delta }) => {
    if (action === NavigationType.Pop) {
      if (undoing) {
        undoing = false
        return
      }
      const by = passing ? undefined : holderOf(location, NavigationType.Pop)
      if (by && delta) {
        undoing = true
        win.history.go(-delta)
        if (!waiting) {
          waiting = { by, pop: true, retry: () => win.history.go(delta) }
          notify()
        }
        return
      }
      passing = false
    }
    shown = location
    onChange?.({ action, location })
  })

  const toLocation = (to: To, state: unknown): Location => {
    const path = typeof to === 'string' ? parsePath(to) : to
    return {
      pathname: path.pathname ?? shown.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: state ?? null,
      key: 'default',
    }
  }
  const guarded =
    (historyAction: NavigationType, move: (to: To, state?: unknown) => void) =>
    (to: To, state?: unknown) => {
      if (waiting) return
      const by = passing ? undefined : holderOf(toLocation(to, state), historyAction)
      if (!by) {
        move(to, state)
        return
      }
      waiting = { by, pop: false, retry: () => move(to, state) }
      notify()
    }

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: guarded(NavigationType.Push, (to, state) => history.push(to, state)),
    replace: guarded(NavigationType.Replace, (to, state) => history.replace(to, state)),
  }

  const guard: NavigationGuard = {
    hold(shouldHold) {
      holders.add(shouldHold)
      return () => {
        holders.delete(shouldHold)
        if (waiting?.by === shouldHold) {
          waiting = undefined
          notify()
        }
      }
    },
    isHolding: (shouldHold) => waiting?.by === shouldHold,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    proceed() {
      const move = waiting
      if (!move) return
      waiting = undefined
      notify()
      // A push or replace is made at once; a pop arrives later and clears `passing` itself.
      passing = true
      move.retry()
      if (!move.pop) passing = false
    },
    stay() {
      if (!waiting) return
      waiting = undefined
      notify()
    },
  }

  return {
    navigator,
    guard,
    initial: (): RouterState => ({ action: history.action, location: history.location }),
    listen(listener: (state: RouterState) => void) {
      onChange = listener
      return () => {
        if (onChange === listener) onChange = undefined
      }
    },
  }
}

const NavigationGuardContext = createContext<NavigationGuard | null>(null)

/** The guard of the router above, if it has one ({@link GuardedBrowserRouter}). */
export const useNavigationGuard = () => useContext(NavigationGuardContext)

/**
 * The browser app's router: react-router's declarative router on the browser's history, with
 * a navigation guard that form screens use to hold a move while they have unsaved changes
 * (see LeaveGuard). It replaces a data router (`createBrowserRouter`), whose only use here was
 * `useBlocker`, at about a sixth of home's start-up JavaScript.
 */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createGuardedHistory())
  const [state, setState] = useState(history.initial)
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history])
  return (
    <NavigationGuardContext.Provider value={history.guard}>
      <Router location={state.location} navigationType={state.action} navigator={history.navigator}>
        {children}
      </Router>
    </NavigationGuardContext.Provider>
  )
}

/**
 * Holds the moves `shouldHold` says to while mounted, under a {@link GuardedBrowserRouter};
 * returns whether one is waiting, and what to do with it.
 */
export function useHeldMove(guard: NavigationGuard, shouldHold: ShouldHold) {
  useEffect(() => guard.hold(shouldHold), [guard, shouldHold])
  const waiting = useSyncExternalStore(
    guard.subscribe,
    () => guard.isHolding(shouldHold),
    () => false,
  )
  return { waiting, proceed: guard.proceed, stay: guard.stay }
}

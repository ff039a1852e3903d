import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

import { ErrorPage } from '../pages/error/error-page.tsx'

type Props = {
  children: ReactNode
  /** When this changes (the route's path), a shown error is cleared and the page retried. */
  resetKey?: string
}

type State = { error: Error | null; errorKey: string | undefined }

/**
 * Catches an error thrown while rendering (or a page's code failing to load) and shows
 * the branded error page instead of a blank screen. Navigating elsewhere clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorKey: undefined }

  static getDerivedStateFromError(thrown: unknown): Partial<State> {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.errorKey !== undefined && props.resetKey !== state.errorKey)
      return { error: null, errorKey: undefined }
    if (state.error && state.errorKey === undefined) return { errorKey: props.resetKey }
    return null
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override render() {
    return this.state.error ? <ErrorPage message={this.state.error.message} /> : this.props.children
  }
}

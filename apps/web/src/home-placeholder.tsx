import { useEffect, useState } from 'react'

import { createContentRepository } from '@club/core/content'

import { backend } from './backend.ts'

type State =
  | { status: 'loading' }
  | { status: 'ready'; title: string | undefined; version: number | undefined }
  | { status: 'error'; message: string }

const repository = createContentRepository(backend)

/** Placeholder home: proves the path browser → supabase-js → backend → Postgres end to end. */
export function HomePlaceholder() {
  const [state, setState] = useState<State>({ status: 'loading' })
  useEffect(() => {
    let cancelled = false
    repository.read(['content']).then(
      (rows) => {
        if (cancelled) return
        const row = rows[0]
        const hero = (row?.value as { hero?: { title?: unknown } } | undefined)?.hero
        setState({
          status: 'ready',
          title: typeof hero?.title === 'string' ? hero.title : undefined,
          version: row?.version,
        })
      },
      (error: Error) => !cancelled && setState({ status: 'error', message: error.message }),
    )
    return () => {
      cancelled = true
    }
  }, [])

  return (
    <main>
      <h1>Club Baseball &amp; Softball</h1>
      {state.status === 'loading' && <p role="status">Loading content…</p>}
      {state.status === 'error' && <p role="alert">Could not load vital content. {state.message}</p>}
      {state.status === 'ready' && (
        <p data-testid="stored-hero-title">
          {state.title ?? 'No content stored yet; the built-in sample content will show here.'}
        </p>
      )}
      {state.status === 'ready' && state.version !== undefined && <p>Stored version {state.version}</p>}
    </main>
  )
}

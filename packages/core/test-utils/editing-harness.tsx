import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'

import { createEditSaver } from '../src/editing/in-place/edit-saver.ts'
import { EditingSurface } from '../src/editing/in-place/editing-provider.tsx'

/*
 * Edit mode for page tests, with the real editors over documents held in memory. Here rather
 * than in src/: the editing UI is admin-only, and pages (tests included) never import it.
 */

/**
 * Renders `page(docs)` in edit mode under a router. Each save replaces the document in
 * `docs` and renders the page again from it, as the content store would; `save` records
 * every saved document.
 *
 * @example
 * const { save, docs } = renderEditingPage({ alumni }, (d) => <AlumniPage alumni={d.alumni} />)
 * fireEvent.click(screen.getByRole('button', { name: 'Add to college commits' }))
 */
export function renderEditingPage<Docs extends Record<string, unknown>>(
  docs: Docs,
  page: (docs: Docs) => ReactNode,
) {
  const save = vi.fn((key: string, document: unknown) => {
    ;(docs as Record<string, unknown>)[key] = document
    view.rerender(tree())
    return Promise.resolve('stored' as const)
  })
  const saver = createEditSaver({ get: (key) => docs[key], save })
  const tree = () => (
    <MemoryRouter>
      <EditingSurface saver={saver} routes={[{ path: '/', label: 'Home' }]}>
        {page(docs)}
      </EditingSurface>
    </MemoryRouter>
  )
  const view = render(tree())
  return { ...view, save, docs }
}

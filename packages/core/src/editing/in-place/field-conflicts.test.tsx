// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { createMemoryRepository } from '../../../test-utils/memory-repository.ts'
import { ContentProvider, obtainContentStore } from '../../content/content-provider.tsx'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { ContentDocuments } from '../../entities/content-keys.ts'
import { FieldConflicts, useReopenFieldConflict } from './field-conflicts.tsx'

afterEach(cleanup)

type Home = ContentDocuments['content']
const home = (subtitle: string, title = 'Original title'): Home => ({
  ...DEFAULT_CONTENT.content,
  hero: { ...DEFAULT_CONTENT.content.hero, title, subtitle },
})

/** A staff store whose save of the hero subtitle met someone else's save of it. */
async function conflicted() {
  const repository = createMemoryRepository({ content: home('Original') })
  const store = obtainContentStore(repository, { storage: null })
  store.setAccess(true)
  store.start()
  await waitFor(() => expect(store.version('content')).toBe(1), { timeout: 5000 })
  repository.storeAsSomeoneElse('content', home('Their words'))
  await expect(store.save('content', home('My words', 'My title'))).resolves.toBe('conflict')
  return { repository, store }
}

function Reopen({ id }: { id: () => string }) {
  const reopen = useReopenFieldConflict()
  return (
    <button type="button" onClick={() => reopen?.(id())}>
      Reopen
    </button>
  )
}

const dialog = () =>
  screen.getByRole('dialog', { name: 'Someone else changed a field of Home page you changed' })

describe('FieldConflicts', () => {
  it('should show both versions of the field and save a merge written by the editor', async () => {
    const { repository, store } = await conflicted()
    render(
      <ContentProvider store={store} signedIn isStaff>
        <FieldConflicts />
      </ContentProvider>,
    )
    const open = await screen.findByRole('dialog')
    expect(open).toBe(dialog())
    expect(screen.getByText('My words')).toBeTruthy()
    expect(screen.getByText('Their words')).toBeTruthy()
    // The field is named as the screens label it, not as a path ("hero subtitle").
    expect(screen.getByRole('group', { name: 'Hero › Subtitle' })).toBeTruthy()
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Keep mine' }).checked).toBe(true)

    fireEvent.click(screen.getByRole('radio', { name: 'Edit a merge' }))
    const merge = screen.getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Merged text of Hero › Subtitle',
    })
    // Both texts to start from, theirs first.
    expect(merge.value).toBe('Their words My words')
    fireEvent.change(merge, { target: { value: 'Their words, and mine' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save my choices' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() =>
      expect((repository.rows.get('content')?.value as Home).hero).toMatchObject({
        subtitle: 'Their words, and mine',
        title: 'My title',
      }),
    )
  })

  it('should close on Decide later, change nothing, and open again when asked', async () => {
    const { repository, store } = await conflicted()
    render(
      <ContentProvider store={store} signedIn isStaff>
        <FieldConflicts>
          <Reopen id={() => store.getPendingSaves()[0]!.id} />
        </FieldConflicts>
      </ContentProvider>,
    )
    await screen.findByRole('dialog')
    fireEvent.click(screen.getByRole('button', { name: 'Decide later' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(store.getPendingSaves()).toMatchObject([{ status: 'conflict' }])
    expect((repository.rows.get('content')?.value as Home).hero.subtitle).toBe('Their words')

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }))
    expect(await screen.findByRole('dialog')).toBe(dialog())
  })
})

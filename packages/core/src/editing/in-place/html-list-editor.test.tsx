// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { Editor } from '@tiptap/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { EditableHtmlList } from '../editable-html-list.tsx'
import { createEditSaver } from './edit-saver.ts'
import { EditingSurface } from './editing-provider.tsx'
import { editorHtmlToItems, itemsToEditorHtml } from './html-list-editor.tsx'

afterEach(cleanup)

// ProseMirror scrolls the selection into view; jsdom lays nothing out and lacks the geometry
// calls it makes, so they answer with an empty box here.
beforeAll(() => {
  const empty = () => new DOMRect(0, 0, 0, 0)
  const emptyList = () =>
    Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList
  Range.prototype.getBoundingClientRect ??= empty
  Range.prototype.getClientRects ??= emptyList
  document.elementFromPoint ??= () => null
})

const HOSTILE = 'Bring <img src=x onerror="alert(1)"><a href="javascript:alert(1)">water</a>'

type Docs = { post: { items: string[] } }

function renderList(items: string[], maxItems?: number) {
  const docs: Docs = { post: { items } }
  const save = vi.fn((key: string, document: unknown, _base?: unknown) => {
    ;(docs as Record<string, unknown>)[key] = document
    view.rerender(tree())
    return Promise.resolve('stored' as const)
  })
  const saver = createEditSaver({ get: (key) => docs[key as keyof Docs], save })
  const tree = (): ReactNode => (
    <MemoryRouter>
      <EditingSurface saver={saver} routes={[]}>
        <EditableHtmlList
          contentKey="post"
          path={['items']}
          items={docs.post.items}
          maxItems={maxItems}
        />
        <button type="button">Elsewhere</button>
      </EditingSurface>
    </MemoryRouter>
  )
  const view = render(tree())
  const box = screen.getByRole('textbox', { name: 'Edit items' })
  const editor = (box as HTMLElement & { editor: Editor }).editor
  return { save, docs, box, editor, rerender: () => view.rerender(tree()) }
}

/** Types as a user would at the caret: text through the editor, Enter through its keymap. */
function type(box: HTMLElement, editor: Editor, text: string) {
  for (const line of text.split(/(\n)/)) {
    if (line === '\n') fireEvent.keyDown(box, { key: 'Enter' })
    else if (line) act(() => void editor.commands.insertContent(line))
  }
}

function leave(box: HTMLElement) {
  fireEvent.blur(box, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) })
}

describe('the HTML of a list', () => {
  it('should give one bullet per item and back, blank bullets left out', () => {
    const html = itemsToEditorHtml(['One', 'Fee: <strong>$150</strong>'])
    expect(html).toBe('<ul><li><p>One</p></li><li><p>Fee: <strong>$150</strong></p></li></ul>')
    expect(editorHtmlToItems(html.replace('</ul>', '<li><p> </p></li></ul>'))).toEqual([
      'One',
      'Fee: <strong>$150</strong>',
    ])
  })

  it('should keep hostile markup inert both ways', () => {
    const items = editorHtmlToItems(itemsToEditorHtml([HOSTILE]))
    expect(items).toHaveLength(1)
    expect([
      /onerror/.test(items[0]!),
      /javascript:/.test(items[0]!),
      /water/.test(items[0]!),
    ]).toEqual([false, false, true])
  })
})

describe('HtmlListEditor', () => {
  it('should be a text box at once, with no Edit button, and Enter should start a new bullet', () => {
    const { box, editor, save } = renderList(['First'])
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull()

    fireEvent.focus(box)
    act(() => void editor.commands.focus('end'))
    type(box, editor, '!\n12U tryouts\nBring water')

    expect(box.querySelectorAll('li')).toHaveLength(3)
    expect(box.querySelectorAll('li p')).toHaveLength(3)
    expect(save).not.toHaveBeenCalled()
    leave(box)
    // One save when the box is left, with the list as it was when typing began.
    expect(save).toHaveBeenCalledTimes(1)
    expect(save).toHaveBeenCalledWith(
      'post',
      { items: ['First!', '12U tryouts', 'Bring water'] },
      { items: ['First'] },
    )
  })

  it('should refuse a bullet past the limit with a message, and keep what is typed', () => {
    const { box, editor, save } = renderList(['One', 'Two'], 2)
    fireEvent.focus(box)
    act(() => void editor.commands.focus('end'))
    type(box, editor, ' more\n')

    expect(screen.getByRole('alert').textContent).toBe('A list holds at most 2 items.')
    expect(box.querySelectorAll('li')).toHaveLength(2)
    leave(box)
    expect(save).toHaveBeenCalledWith(
      'post',
      { items: ['One', 'Two more'] },
      { items: ['One', 'Two'] },
    )
  })

  it('should never overwrite what is being typed with a newer stored list', () => {
    const { box, editor, docs, rerender, save } = renderList(['First'])
    fireEvent.focus(box)
    act(() => void editor.commands.focus('end'))
    type(box, editor, ' typed')
    docs.post = { items: ['Someone else’s'] }
    rerender()
    expect(box.textContent).toBe('First typed')

    leave(box)
    // Theirs was stored meanwhile: the save names the list as typing began, so the store can
    // tell the two apart.
    expect(save.mock.calls[0]?.[2]).toEqual({ items: ['First'] })
  })

  it('should take a newer stored list while nobody types in it', () => {
    const { box, docs, rerender } = renderList(['First'])
    docs.post = { items: ['Updated', 'Second'] }
    rerender()
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Updated',
      'Second',
    ])
  })

  it('should put the list back and save nothing on Escape', () => {
    const { box, editor, save } = renderList(['First'])
    fireEvent.focus(box)
    act(() => void editor.commands.focus('end'))
    type(box, editor, ' oops')
    fireEvent.keyDown(box, { key: 'Escape' })
    leave(box)
    expect([box.textContent, save.mock.calls.length]).toEqual(['First', 0])
  })
})

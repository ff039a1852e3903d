import { describe, expect, it, vi } from 'vitest'

import { createEditSaver } from './edit-saver.ts'

function setup(docs: Record<string, unknown>) {
  const save = vi.fn((key: string, document: unknown) => {
    docs[key] = document
    return Promise.resolve('stored')
  })
  const saver = createEditSaver({ get: (key) => docs[key], save, onError: vi.fn() })
  return { saver, save, docs }
}

describe('createEditSaver', () => {
  it('should save the whole document with the edited value', () => {
    const { saver, save } = setup({ content: { hero: { title: 'Old', subtitle: 'S' } } })
    saver.onEdit({ contentKey: 'content', path: ['hero', 'title'], kind: 'text' }, 'New')
    // Without the value the field started from, the document as it is now is the base.
    expect(save).toHaveBeenCalledWith(
      'content',
      { hero: { title: 'New', subtitle: 'S' } },
      { hero: { title: 'Old', subtitle: 'S' } },
    )
  })

  it('should give as the base the document with the field as the editor found it', () => {
    // Someone else's "Theirs" arrived while the field, opened at "Old", was being edited.
    const { saver, save } = setup({ content: { hero: { title: 'Theirs', subtitle: 'S' } } })
    saver.onEdit({ contentKey: 'content', path: ['hero', 'title'], kind: 'text' }, 'Mine', 'Old')
    expect(save).toHaveBeenCalledWith(
      'content',
      { hero: { title: 'Mine', subtitle: 'S' } },
      { hero: { title: 'Old', subtitle: 'S' } },
    )
  })

  it('should save nothing when the field is left as the editor found it', () => {
    const { saver, save } = setup({ content: { hero: { title: 'Theirs' } } })
    saver.onEdit({ contentKey: 'content', path: ['hero', 'title'], kind: 'text' }, 'Old', 'Old')
    expect(save).not.toHaveBeenCalled()
  })

  it('should save nothing when the value is unchanged', () => {
    const { saver, save } = setup({ content: { hero: { title: 'Same' } } })
    saver.onEdit({ contentKey: 'content', path: ['hero', 'title'], kind: 'text' }, 'Same')
    expect(save).not.toHaveBeenCalled()
  })

  it('should save several changes to one document once', () => {
    const { saver, save } = setup({ content: { hero: { imageUrl: '/a.jpg', imageAlt: 'a' } } })
    saver.applyEdits([
      {
        target: { contentKey: 'content', path: ['hero', 'imageUrl'], kind: 'image' },
        value: '/b.jpg',
      },
      { target: { contentKey: 'content', path: ['hero', 'imageAlt'], kind: 'text' }, value: 'b' },
    ])
    const before = { hero: { imageUrl: '/a.jpg', imageAlt: 'a' } }
    expect(save.mock.calls).toEqual([
      ['content', { hero: { imageUrl: '/b.jpg', imageAlt: 'b' } }, before],
    ])
  })

  it('should report an edit whose path leads nowhere instead of saving it', () => {
    const onError = vi.fn()
    const save = vi.fn(() => Promise.resolve())
    const saver = createEditSaver({ get: () => ({ a: 1 }), save, onError })
    saver.onEdit({ contentKey: 'x', path: ['a', 'b', 'c'], kind: 'text' }, 'v')
    expect([save.mock.calls.length, onError.mock.calls.length]).toEqual([0, 1])
  })

  it('should read the current value at a path', () => {
    const { saver } = setup({ quickLinks: [{ label: 'Register' }] })
    expect(saver.read('quickLinks', [0, 'label'])).toBe('Register')
  })
})

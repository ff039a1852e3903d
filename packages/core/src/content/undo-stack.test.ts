import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createUndoStack } from './undo-stack.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const edit = (key: string, before: unknown, after: unknown) => [{ key, before, after }]

describe('the undo stack', () => {
  it('should give back the document from before the edit on undo, and the edit on redo', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'))
    expect(stack.undo()?.changes).toEqual([{ key: 'content', before: 'a', after: 'b' }])
    expect(stack.canUndo()).toBe(false)
    expect(stack.redo()?.changes[0]?.after).toBe('b')
    expect(stack.canRedo()).toBe(false)
  })

  it('should undo steps in reverse order', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'))
    stack.record(edit('alerts', 'x', 'y'))
    expect(stack.undo()?.changes[0]?.key).toBe('alerts')
    expect(stack.undo()?.changes[0]?.key).toBe('content')
    expect(stack.undo()).toBeUndefined()
  })

  it('should join rapid edits of the same field into one step', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'R', 'Ra'), { path: 'hero.title' })
    vi.advanceTimersByTime(900)
    stack.record(edit('content', 'Ra', 'Rai'), { path: 'hero.title' })
    vi.advanceTimersByTime(900)
    stack.record(edit('content', 'Rai', 'Rain'), { path: 'hero.title' })
    expect(stack.depths()).toEqual({ undo: 1, redo: 0 })
    expect(stack.undo()?.changes).toEqual([{ key: 'content', before: 'R', after: 'Rain' }])
  })

  it('should start a new step after a pause longer than the window', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'), { path: 'hero.title' })
    vi.advanceTimersByTime(1001)
    stack.record(edit('content', 'b', 'c'), { path: 'hero.title' })
    expect(stack.depths().undo).toBe(2)
  })

  it('should not join edits of different fields', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'), { path: 'hero.title' })
    stack.record(edit('content', 'b', 'c'), { path: 'hero.subtitle' })
    expect(stack.depths().undo).toBe(2)
  })

  it('should not join edits of the same path in different keys', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'), { path: 'title' })
    stack.record(edit('aboutContent', 'c', 'd'), { path: 'title' })
    expect(stack.depths().undo).toBe(2)
  })

  it('should not join edits that name no field', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'))
    stack.record(edit('content', 'b', 'c'))
    expect(stack.depths().undo).toBe(2)
  })

  it('should not grow a step again after it was undone and redone', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'), { path: 'hero.title' })
    stack.undo()
    stack.redo()
    stack.record(edit('content', 'b', 'c'), { path: 'hero.title' })
    expect(stack.depths().undo).toBe(2)
  })

  it('should drop a joined step that ends where it started', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'ab'), { path: 'hero.title' })
    stack.record(edit('content', 'ab', 'a'), { path: 'hero.title' })
    expect(stack.canUndo()).toBe(false)
  })

  it('should clear what could be redone when a new edit is made', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'))
    stack.undo()
    stack.record(edit('content', 'a', 'c'))
    expect(stack.canRedo()).toBe(false)
  })

  it('should ignore an edit that changes nothing, whatever the order of keys', () => {
    const stack = createUndoStack()
    stack.record(edit('content', { a: 1, b: 2 }, { b: 2, a: 1 }))
    expect(stack.canUndo()).toBe(false)
  })

  it('should keep only the newest steps up to its depth', () => {
    const stack = createUndoStack({ depth: 3 })
    for (const n of [1, 2, 3, 4, 5]) stack.record(edit('content', n - 1, n))
    expect(stack.depths().undo).toBe(3)
    const undone = [stack.undo(), stack.undo(), stack.undo()].map((s) => s?.changes[0]?.after)
    expect(undone).toEqual([5, 4, 3])
  })

  it('should keep a step that touches several keys as one', () => {
    const stack = createUndoStack()
    stack.record([
      { key: 'teams', before: 't0', after: 't1' },
      { key: 'programCards', before: 'p0', after: 'p1' },
    ])
    expect(stack.undo()?.changes.map((change) => change.before)).toEqual(['t0', 'p0'])
  })

  it('should forget everything on clear', () => {
    const stack = createUndoStack()
    stack.record(edit('content', 'a', 'b'))
    stack.record(edit('content', 'b', 'c'))
    stack.undo()
    stack.clear()
    expect(stack.depths()).toEqual({ undo: 0, redo: 0 })
  })
})

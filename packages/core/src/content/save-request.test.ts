import { describe, expect, it } from 'vitest'

import { MAX_LIST_ITEMS } from '../entities/document-limits.ts'
import { ContentError } from './content-repository.ts'
import type { PendingSaveEntry } from './pending-save-book.ts'
import { afterSend, requestFor, sentOf } from './save-request.ts'

const pendingSave = (fields: Partial<PendingSaveEntry> = {}): PendingSaveEntry => ({
  id: 'd1',
  key: 'alerts',
  value: ['mine'],
  viewValue: ['mine, as shown'],
  baseVersion: 3,
  baseValue: ['base'],
  savedAt: 1,
  attempts: 0,
  status: 'pending',
  revision: 2,
  ...fields,
})

describe('what a send carries', () => {
  it('should take the pending save’s id, revision, base version and both values', () => {
    expect(sentOf(pendingSave())).toEqual({
      id: 'd1',
      revision: 2,
      base: 3,
      value: ['mine'],
      viewValue: ['mine, as shown'],
    })
  })
})

describe('what the repository is asked', () => {
  it('should save over the version the pending save started from', () => {
    expect(requestFor('alerts', pendingSave())).toEqual({ kind: 'save', args: [['mine'], 3] })
  })

  it('should send what the site showed until now with a key’s first save', () => {
    expect(requestFor('alerts', pendingSave({ baseVersion: 0 }))).toEqual({
      kind: 'save',
      args: [['mine'], 0, ['base']],
    })
    expect(requestFor('alerts', pendingSave({ baseVersion: 0, baseValue: undefined }))).toEqual({
      kind: 'save',
      args: [['mine'], 0],
    })
  })

  it('should refuse a document over the limits here, as the database would', () => {
    const request = requestFor(
      'alerts',
      pendingSave({ value: new Array(MAX_LIST_ITEMS + 1).fill(1) }),
    )
    expect(request.kind).toBe('refuse')
    const error = request.kind === 'refuse' ? request.error : undefined
    expect(error).toBeInstanceOf(ContentError)
    expect(error).toMatchObject({ kind: 'too-large', status: 413, code: 'PT413' })
    expect(error?.limit).toMatchObject({ kind: 'items' })
  })
})

describe('what goes out after a send', () => {
  const sent = { revision: 2 }

  it('should send a newer pending save next when saving is allowed', () => {
    expect(afterSend(pendingSave({ revision: 3 }), sent, 'stored', true)).toBe('send')
    expect(afterSend(pendingSave({ revision: 3 }), sent, 'kept', false)).toBe('kept')
  })

  it('should tell the waiting callers of a newer pending save waiting for the editor’s choice', () => {
    expect(afterSend(pendingSave({ revision: 3, status: 'conflict' }), sent, 'stored', true)).toBe(
      'conflict',
    )
  })

  it('should give the send’s own outcome when no newer pending save waits', () => {
    expect(afterSend(undefined, sent, 'stored', true)).toBe('stored')
    expect(afterSend(pendingSave({ revision: 2 }), sent, 'kept', true)).toBe('kept')
    expect(
      afterSend(pendingSave({ revision: 2, status: 'conflict' }), sent, 'conflict', true),
    ).toBe('conflict')
  })
})

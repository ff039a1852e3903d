import { describe, expect, it } from 'vitest'

import { ContentError } from './content-repository.ts'
import {
  afterStored,
  conflictPath,
  isOwnSaveLanded,
  planFailure,
  staleVersion,
  takesStored,
  toContentError,
} from './save-answers.ts'

const row = (value: unknown, version: number) => ({ key: 'alerts', value, version, updatedAt: '' })

describe('reading an error', () => {
  it('should keep a classified error and count anything else as the backend being away', () => {
    const refused = new ContentError({ kind: 'forbidden', status: 403, message: 'no' })
    expect(toContentError(refused)).toBe(refused)
    expect(toContentError(new TypeError('Failed to fetch'))).toMatchObject({
      kind: 'unavailable',
      status: 0,
      message: 'Failed to fetch',
    })
    expect(toContentError('down')).toMatchObject({ kind: 'unavailable', message: 'down' })
  })
})

describe('a stored answer', () => {
  it('should forget the pending save that was stored and rebase a newer edit made on top of it', () => {
    const sent = { revision: 2, base: 3 }
    expect(afterStored({ revision: 2, status: 'pending', baseVersion: 3 }, sent)).toBe('forget')
    expect(afterStored({ revision: 3, status: 'pending', baseVersion: 3 }, sent)).toBe('rebase')
    expect(afterStored({ revision: 3, status: 'set-aside', baseVersion: 3 }, sent)).toBe('none')
    expect(afterStored({ revision: 3, status: 'pending', baseVersion: 4 }, sent)).toBe('none')
    expect(afterStored(undefined, sent)).toBe('none')
  })

  it('should never replace what the store holds with an older version', () => {
    expect(takesStored(undefined, 1)).toBe(true)
    expect(takesStored({ version: 4 }, 4)).toBe(true)
    expect(takesStored({ version: 5 }, 4)).toBe(false)
  })
})

describe('a failed answer', () => {
  it('should retry while the backend is away, unless a newer edit goes out anyway', () => {
    expect(planFailure('unavailable', false, true)).toEqual({
      status: 'pending',
      retry: 'plan',
      report: 'indicator',
    })
    expect(planFailure('unavailable', true, false)).toEqual({
      status: 'pending',
      retry: 'keep',
      report: 'none',
    })
  })

  it('should keep a refusal for the editor and stop retrying it', () => {
    for (const kind of ['forbidden', 'invalid'] as const) {
      expect(planFailure(kind, false, true)).toEqual({
        status: 'failed',
        retry: 'clear',
        report: 'indicator',
      })
    }
  })

  it('should name a document too large, or judge the edit made since on its own size', () => {
    expect(planFailure('too-large', false, true)).toEqual({
      status: 'failed',
      retry: 'clear',
      report: 'too-large',
    })
    expect(planFailure('too-large', true, true)).toEqual({
      status: 'pending',
      retry: 'keep',
      report: 'none',
    })
  })
})

describe('a conflict', () => {
  it('should see that the stored document is the one sent (its answer was lost)', () => {
    expect(isOwnSaveLanded(row({ a: 1, b: 2 }, 4), { value: { b: 2, a: 1 } })).toBe(true)
    expect(isOwnSaveLanded(row({ a: 1 }, 4), { value: { a: 2 } })).toBe(false)
    expect(isOwnSaveLanded(undefined, { value: { a: 1 } })).toBe(false)
  })

  it('should merge over a newer stored version a pending save that knows its base, else ask', () => {
    const pendingSave = { status: 'pending' as const, baseValue: { a: 0 } }
    const sent = { base: 3 }
    expect(conflictPath(pendingSave, row({}, 4), { version: 4 }, sent)).toBe('merge')
    // A read behind the version sent from merges nothing.
    expect(conflictPath(pendingSave, row({}, 3), { version: 3 }, sent)).toBe('ask')
    // The store holds a newer version than the read: the read is not what is stored.
    expect(conflictPath(pendingSave, row({}, 4), { version: 5 }, sent)).toBe('ask')
    expect(
      conflictPath({ ...pendingSave, baseValue: undefined }, row({}, 4), { version: 4 }, sent),
    ).toBe('ask')
    expect(conflictPath(pendingSave, undefined, undefined, sent)).toBe('ask')
  })

  it('should settle nothing for a pending save dropped or set aside meanwhile', () => {
    expect(conflictPath(undefined, row({}, 4), { version: 4 }, { base: 3 })).toBe('gone')
    const setAside = { status: 'set-aside' as const, baseValue: {} }
    expect(conflictPath(setAside, row({}, 4), { version: 4 }, { base: 3 })).toBe('gone')
  })

  it('should name the version read, else the one the refusal named, else the pending save’s base', () => {
    const error = { currentVersion: 7 }
    expect(staleVersion({ ok: true, row: row({}, 5) }, error, { baseVersion: 3 })).toBe(5)
    expect(staleVersion({ ok: true, row: undefined }, error, { baseVersion: 3 })).toBe(0)
    expect(staleVersion({ ok: false, row: undefined }, error, { baseVersion: 3 })).toBe(7)
    expect(
      staleVersion(
        { ok: false, row: undefined },
        { currentVersion: undefined },
        { baseVersion: 3 },
      ),
    ).toBe(3)
  })
})

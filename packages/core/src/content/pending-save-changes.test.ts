import { describe, expect, it } from 'vitest'

import type { PendingSaveEntry } from './pending-save-book.ts'
import {
  markStale,
  mergeAfterConflict,
  mergeIntoShown,
  needsRebase,
  overwriteBase,
  pendingSaveOf,
  rebasePendingSave,
  recordFailure,
  resetForResend,
  resolvePendingSave,
} from './pending-save-changes.ts'

const pendingSave = (fields: Partial<PendingSaveEntry> = {}): PendingSaveEntry => ({
  id: 'd1',
  key: 'about',
  value: { title: 'mine', body: 'base body' },
  viewValue: { title: 'mine', body: 'base body' },
  baseVersion: 3,
  baseValue: { title: 'base', body: 'base body' },
  savedAt: 1,
  attempts: 1,
  status: 'pending',
  revision: 2,
  ...fields,
})

describe('merging a pending save into a newer stored version', () => {
  it('should keep their changes and mine, and start from theirs', () => {
    const mine = pendingSave()
    const conflicts = rebasePendingSave(mine, {
      value: { title: 'base', body: 'their body' },
      version: 5,
    })
    expect(conflicts).toEqual([])
    expect(mine).toMatchObject({
      value: { title: 'mine', body: 'their body' },
      viewValue: { title: 'mine', body: 'their body' },
      baseValue: { title: 'base', body: 'their body' },
      baseVersion: 5,
      revision: 3,
    })
  })

  it('should send a clean merge after a refusal, and wait for the editor on fields both changed', () => {
    const clean = pendingSave({ status: 'conflict', conflicts: [], theirs: 'old' })
    mergeAfterConflict(clean, { value: { title: 'base', body: 'their body' }, version: 5 })
    expect(clean).toMatchObject({ status: 'pending', conflicts: undefined, theirs: undefined })
    expect(clean.attempts).toBe(1)

    const both = pendingSave()
    const theirs = { title: 'theirs', body: 'base body' }
    mergeAfterConflict(both, { value: theirs, version: 5 })
    expect(both).toMatchObject({
      status: 'conflict',
      errorKind: 'conflict',
      attempts: 2,
      currentVersion: 5,
      theirs,
      conflicts: [{ path: ['title'] }],
    })
  })

  it('should merge only a pending save waiting to be sent, made from an older version', () => {
    expect(needsRebase(pendingSave(), { version: 4 })).toBe(true)
    expect(needsRebase(pendingSave({ status: 'failed' }), { version: 4 })).toBe(true)
    expect(needsRebase(pendingSave(), { version: 3 })).toBe(false)
    expect(needsRebase(pendingSave({ status: 'conflict' }), { version: 4 })).toBe(false)
    expect(needsRebase(pendingSave({ baseValue: undefined }), { version: 4 })).toBe(false)
    expect(needsRebase(undefined, { version: 4 })).toBe(false)
    expect(needsRebase(pendingSave(), undefined)).toBe(false)
  })
})

describe('marking a pending save', () => {
  it('should mark a stale pending save for reload or overwrite, naming the version stored now', () => {
    const stale = pendingSave()
    markStale(stale, { message: 'stale' }, 7)
    expect(stale).toMatchObject({
      status: 'conflict',
      errorKind: 'conflict',
      lastError: 'stale',
      attempts: 2,
      currentVersion: 7,
    })
  })

  it('should count a failure and record why', () => {
    const failing = pendingSave()
    recordFailure(failing, { kind: 'forbidden', message: 'no rights' }, 'failed')
    expect(failing).toMatchObject({
      status: 'failed',
      errorKind: 'forbidden',
      lastError: 'no rights',
      attempts: 2,
    })
  })

  it('should start a pending save sent again afresh, newer than any send before', () => {
    const again = pendingSave({
      status: 'conflict',
      errorKind: 'conflict',
      lastError: 'stale',
      currentVersion: 7,
      conflicts: [],
      theirs: {},
    })
    resetForResend(again, 99)
    expect(again).toMatchObject({
      status: 'pending',
      attempts: 0,
      errorKind: undefined,
      lastError: undefined,
      currentVersion: undefined,
      conflicts: undefined,
      theirs: undefined,
      revision: 3,
      savedAt: 99,
    })
  })
})

describe('overwriting', () => {
  it('should save a refused pending save over the version the conflict named', () => {
    const refused = pendingSave({ status: 'conflict', currentVersion: 7 })
    overwriteBase(refused, { value: 'stored', version: 9 })
    expect(refused).toMatchObject({
      baseVersion: 7,
      baseValue: { title: 'base', body: 'base body' },
    })
    const unnamed = pendingSave({ status: 'conflict' })
    overwriteBase(unnamed, { value: 'stored', version: 9 })
    expect(unnamed.baseVersion).toBe(9)
  })

  it('should save a set-aside pending save over what is stored now', () => {
    const setAside = pendingSave({ status: 'set-aside' })
    overwriteBase(setAside, { value: 'stored', version: 9 })
    expect(setAside).toMatchObject({ baseVersion: 9, baseValue: 'stored' })
    const nothingStored = pendingSave({ status: 'set-aside', baseValue: undefined })
    overwriteBase(nothingStored, undefined)
    expect(nothingStored).toMatchObject({ baseVersion: 0, baseValue: undefined })
  })

  it('should take what a merged pending save was merged with as its base', () => {
    const merged = pendingSave({ status: 'conflict', currentVersion: 7, theirs: 'theirs' })
    overwriteBase(merged, { value: 'stored', version: 9 })
    expect(merged).toMatchObject({ baseVersion: 7, baseValue: 'theirs' })
  })
})

describe('settling fields both changed', () => {
  const theirs = { title: 'theirs', body: 'base body' }
  const conflicted = () =>
    pendingSave({
      status: 'conflict',
      currentVersion: 5,
      theirs,
      conflicts: [{ path: ['title'], base: 'base', mine: 'mine', theirs: 'theirs' }],
    })

  it('should send my choice, starting from the version it was merged with', () => {
    const mine = conflicted()
    expect(
      resolvePendingSave(mine, mine.conflicts!, [{ take: 'mine' }], { value: theirs, version: 5 }),
    ).toBe('send')
    expect(mine).toMatchObject({
      value: { title: 'mine', body: 'base body' },
      viewValue: { title: 'mine', body: 'base body' },
      baseValue: theirs,
      baseVersion: 5,
    })
  })

  it('should leave nothing to send when theirs is taken everywhere', () => {
    const mine = conflicted()
    const choice = resolvePendingSave(mine, mine.conflicts!, [{ take: 'theirs' }], {
      value: theirs,
      version: 5,
    })
    expect(choice).toBe('theirs-everywhere')
    expect(mine.value).toEqual({ title: 'mine', body: 'base body' })
  })
})

describe('the pending save as offered to the editor', () => {
  it('should name its next retry only while it is pending', () => {
    expect(pendingSaveOf(pendingSave(), 1234, true)).toMatchObject({
      id: 'd1',
      key: 'about',
      status: 'pending',
      nextRetryAt: 1234,
      sending: true,
    })
    expect(
      pendingSaveOf(pendingSave({ status: 'failed' }), 1234, false).nextRetryAt,
    ).toBeUndefined()
    expect(pendingSaveOf(pendingSave(), 1, false)).not.toHaveProperty('viewValue')
  })
})

describe('an edit made from an older document', () => {
  it('should be taken as it is when the document shown is the one it was made from', () => {
    const edit = { title: 'mine', body: 'b' }
    expect(mergeIntoShown({ title: 't', body: 'b' }, edit, { body: 'b', title: 't' })).toEqual({
      value: edit,
      conflicts: [],
    })
    expect(mergeIntoShown(undefined, edit, { title: 'other' })).toEqual({
      value: edit,
      conflicts: [],
    })
  })

  it('should keep the changes shown since, and name the fields both changed', () => {
    const base = { title: 't', body: 'b' }
    expect(
      mergeIntoShown(base, { title: 'mine', body: 'b' }, { title: 't', body: 'theirs' }),
    ).toEqual({
      value: { title: 'mine', body: 'theirs' },
      conflicts: [],
    })
    const both = mergeIntoShown(base, { title: 'mine', body: 'b' }, { title: 'theirs', body: 'b' })
    expect(both.conflicts).toMatchObject([{ path: ['title'], mine: 'mine', theirs: 'theirs' }])
  })
})

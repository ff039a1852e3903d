import { describe, expect, it } from 'vitest'

import { createMemoryStorage, keptPendingSave } from '../../test-utils/memory-storage.ts'
import {
  createDeviceCopies,
  deviceCopyPrefix,
  LEGACY_PREFIXES,
  mayHoldDeviceCopies,
  moveLegacyCopies,
  NOT_JSON,
} from './device-copies.ts'

describe('device copies', () => {
  it('should name every kind of unsaved work with one scheme', () => {
    expect(deviceCopyPrefix('save')).toBe('club-site:unsaved:save:v1:')
    expect(deviceCopyPrefix('form')).toBe('club-site:unsaved:form:v1:')
  })

  it('should write, list, read and remove copies of one kind only', () => {
    const storage = createMemoryStorage({ 'club-site:unsaved:form:v1:u1:alerts': '{"x":1}' })
    const copies = createDeviceCopies(storage, 'save')
    copies.write('a', { n: 1 })
    storage.setItem(`${deviceCopyPrefix('save')}broken`, '{oops')
    expect(copies.list()).toEqual([
      { name: 'club-site:unsaved:save:v1:a', id: 'a', entry: { n: 1 } },
      { name: 'club-site:unsaved:save:v1:broken', id: 'broken', entry: NOT_JSON },
    ])
    expect(copies.read('a')).toEqual({ n: 1 })
    expect(copies.read('missing')).toBeUndefined()
    expect(() => copies.read('broken')).toThrow()
    copies.remove('a')
    expect(storage.items.has('club-site:unsaved:save:v1:a')).toBe(false)
    expect(storage.items.has('club-site:unsaved:form:v1:u1:alerts')).toBe(true)
  })

  it('should see copies under the scheme or an earlier name without reading them', () => {
    expect(mayHoldDeviceCopies(createMemoryStorage(), 'save')).toBe(false)
    expect(mayHoldDeviceCopies(null, 'save')).toBe(false)
    const legacy = createMemoryStorage({ 'club-site:pending-save:v1:x': 'not even JSON' })
    expect(mayHoldDeviceCopies(legacy, 'save')).toBe(true)
    expect(mayHoldDeviceCopies(legacy, 'form')).toBe(false)
    const current = createMemoryStorage({ 'club-site:unsaved:form:v1:u:d': '{}' })
    expect(mayHoldDeviceCopies(current, 'form')).toBe(true)
  })
})

describe('moving copies kept under an earlier build’s names', () => {
  it('should move each kind’s old entries to the new names, text unchanged, and leave others', () => {
    const save = JSON.stringify(keptPendingSave('p1'))
    const form = JSON.stringify({ draft: { title: 'typed' }, base: {}, savedAt: 5 })
    const storage = createMemoryStorage({
      'club-site:pending-save:v1:p1': save,
      'club-site:form-draft:v1:user-1:alerts': form,
      'club-site:dismissed-alerts:v2': '[]',
    })
    expect(moveLegacyCopies(storage, 'save')).toBe(1)
    expect(moveLegacyCopies(storage, 'form')).toBe(1)
    expect(Object.fromEntries(storage.items)).toEqual({
      'club-site:unsaved:save:v1:p1': save,
      'club-site:unsaved:form:v1:user-1:alerts': form,
      'club-site:dismissed-alerts:v2': '[]',
    })
    // Once moved, there is nothing left to move.
    expect(moveLegacyCopies(storage, 'save')).toBe(0)
  })

  it('should keep the copy written last when both names hold one', () => {
    const older = JSON.stringify({ draft: 'older', base: null, savedAt: 10 })
    const newer = JSON.stringify({ draft: 'newer', base: null, savedAt: 20 })
    const oldWins = createMemoryStorage({
      [`${LEGACY_PREFIXES.form}u:doc`]: newer,
      [`${deviceCopyPrefix('form')}u:doc`]: older,
    })
    moveLegacyCopies(oldWins, 'form')
    expect(Object.fromEntries(oldWins.items)).toEqual({
      [`${deviceCopyPrefix('form')}u:doc`]: newer,
    })
    const newWins = createMemoryStorage({
      [`${LEGACY_PREFIXES.form}u:doc`]: older,
      [`${deviceCopyPrefix('form')}u:doc`]: newer,
    })
    moveLegacyCopies(newWins, 'form')
    expect(Object.fromEntries(newWins.items)).toEqual({
      [`${deviceCopyPrefix('form')}u:doc`]: newer,
    })
  })

  it('should leave a copy under its old name when the storage refuses the new one', () => {
    const save = JSON.stringify(keptPendingSave('p1'))
    const storage = createMemoryStorage({ 'club-site:pending-save:v1:p1': save })
    const setItem = storage.setItem.bind(storage)
    storage.setItem = (name, value) => {
      if (name.startsWith(deviceCopyPrefix('save'))) throw new Error('QuotaExceededError')
      setItem(name, value)
    }
    expect(moveLegacyCopies(storage, 'save')).toBe(0)
    expect(Object.fromEntries(storage.items)).toEqual({ 'club-site:pending-save:v1:p1': save })
  })
})

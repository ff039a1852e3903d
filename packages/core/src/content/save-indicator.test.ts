import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { recordNotices } from '../../test-utils/notices.ts'
import { createSaveIndicator } from './save-indicator.ts'
import type { SaveIndicator } from './save-indicator.ts'
import { createStoreScheduler } from './store-scheduler.ts'
import type { SaveState } from './store-types.ts'

let state: SaveState
let notices: ReturnType<typeof recordNotices>
let indicator: SaveIndicator

beforeEach(() => {
  vi.useFakeTimers()
  state = { status: 'idle', keys: [] }
  notices = recordNotices()
  indicator = createSaveIndicator({
    scheduler: createStoreScheduler(),
    notify: notices.notify,
    setSaveState: (next) => (state = next),
    emit: () => undefined,
    savingMs: 1200,
    savedMs: 3000,
  })
})
afterEach(() => vi.useRealTimers())

describe('the save indicator', () => {
  it('should show saving for 1.2 s even when the save settles at once, then saved for 3 s', () => {
    indicator.begin('alerts')
    indicator.settle('alerts', 'stored')
    expect(state).toEqual({ status: 'saving', keys: ['alerts'] })
    vi.advanceTimersByTime(1200)
    expect(state).toEqual({ status: 'saved', keys: ['alerts'] })
    expect(notices.shown.map((notice) => notice.title)).toEqual(['Content Saved!'])
    vi.advanceTimersByTime(3000)
    expect(state).toEqual({ status: 'idle', keys: [] })
  })

  it('should keep saving until the last save of the burst settles', () => {
    indicator.begin('alerts')
    vi.advanceTimersByTime(2000)
    expect(state.status).toBe('saving')
    indicator.settle('alerts', 'stored')
    expect(state.status).toBe('saved')
  })

  it('should end in error naming only the keys that failed', () => {
    indicator.begin('alerts')
    indicator.begin('content')
    indicator.settle('alerts', 'stored')
    indicator.settle('content', 'kept')
    vi.advanceTimersByTime(1200)
    expect(state).toEqual({ status: 'error', keys: ['content'] })
    expect(notices.shown).toEqual([])
  })

  it('should say a settled save was outside any burst', () => {
    expect(indicator.settle('alerts', 'stored')).toBe(false)
    expect(indicator.isOpen('alerts')).toBe(false)
  })

  it('should name failures of several keys within the short window together', () => {
    indicator.reportFailure('alerts')
    vi.advanceTimersByTime(1000)
    indicator.reportFailure('teams')
    vi.advanceTimersByTime(5000)
    indicator.reportFailure('content')
    expect(notices.shown.map((notice) => notice.description)).toEqual([
      'Could not save Alerts.',
      'Could not save some content.',
      'Could not save Home page.',
    ])
  })

  it('should say why a save refused for lack of rights failed, and that the change is kept', () => {
    indicator.reportFailure('alerts', 'forbidden')
    expect(notices.shown).toEqual([
      expect.objectContaining({
        title: 'Save Error',
        description:
          'Could not save Alerts. This account may not change the site. Sign in with a staff account, then retry. Your change is kept on this device.',
        variant: 'destructive',
      }),
    ])
  })

  it('should give the reason the auth layer explains a refusal with, or the usual one without', async () => {
    let reason: string | undefined = 'Set up two-factor sign-in, then save again.'
    const explained = createSaveIndicator({
      scheduler: createStoreScheduler(),
      notify: notices.notify,
      setSaveState: () => undefined,
      emit: () => undefined,
      savingMs: 1200,
      savedMs: 3000,
      explainRefusal: () => Promise.resolve(reason),
    })
    explained.reportFailure('alerts', 'forbidden')
    await vi.waitFor(() => expect(notices.shown).toHaveLength(1))
    reason = undefined
    explained.reportFailure('teams', 'forbidden')
    await vi.waitFor(() => expect(notices.shown).toHaveLength(2))
    expect(notices.shown.map((notice) => notice.description)).toEqual([
      'Could not save Alerts. Set up two-factor sign-in, then save again. Your change is kept on this device.',
      'Could not save some content. This account may not change the site. Sign in with a staff account, then retry. Your change is kept on this device.',
    ])
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createSavePipeline } from '../../test-utils/save-pipeline-fixture.ts'

let pipeline: ReturnType<typeof createSavePipeline>

beforeEach(() => {
  vi.useFakeTimers()
  pipeline = createSavePipeline()
  // Someone else stored version 2 while this editor worked from version 1.
  pipeline.repository.storeAsSomeoneElse('hero', 'v1')
  pipeline.state.setStored('hero', 'v1', 1)
  pipeline.repository.storeAsSomeoneElse('hero', 'theirs')
})
afterEach(() => {
  pipeline.scheduler.dispose()
  vi.useRealTimers()
})

const pendingId = () => pipeline.state.getPendingSaves()[0]!.id

describe('conflicts', () => {
  it('should keep a conflicting pending save, naming the version stored now, and never retry it', async () => {
    const { save, state, repository } = pipeline
    await expect(save('hero', 'mine')).resolves.toBe('conflict')
    expect(state.getPendingSaves()).toMatchObject([
      { status: 'conflict', errorKind: 'conflict', currentVersion: 2, attempts: 1 },
    ])
    expect(state.view('hero')).toBe('mine')
    expect(state.stored('hero')).toEqual({ value: 'theirs', version: 2 })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(repository.saves()).toHaveLength(1)
  })

  it('should name the fields both changed, for the dialog, rather than raise a notice', async () => {
    await pipeline.save('hero', 'mine')
    expect(pipeline.notices.shown.map((notice) => notice.title)).not.toContain(
      'Hero: a newer version was saved first',
    )
    expect(pipeline.state.getPendingSaves()[0]?.conflicts).toEqual([
      { path: [], base: 'v1', mine: 'mine', theirs: 'theirs' },
    ])
    expect(pipeline.state.getPendingSaves()[0]?.theirs).toBe('theirs')
  })

  it('should offer Reload and Overwrite in a notice for a pending save that does not know its base', async () => {
    const { queue, pendingSaves, state, notices } = pipeline
    // A pending save kept by an older build: no document to merge from.
    pendingSaves.stage('hero', 'mine', 1)
    const outcome = queue.waitFor('hero')
    queue.send('hero')
    state.emit()
    await expect(outcome).resolves.toBe('conflict')
    const notice = notices.shown.at(-1)
    expect(notice).toMatchObject({
      title: 'This content: a newer version was saved first',
      duration: null,
    })
    expect(notice?.actions?.map((action) => action.label)).toEqual(['Reload', 'Overwrite'])
  })

  it('should show the stored version on reload and keep the pending save set aside', async () => {
    const { save, state, conflicts } = pipeline
    await save('hero', 'mine')
    await conflicts.reload(pendingId())
    expect(state.view('hero')).toBe('theirs')
    expect(state.getPendingSaves()).toMatchObject([{ status: 'set-aside', value: 'mine' }])
  })

  it('should overwrite naming the version stored now', async () => {
    const { save, conflicts, repository } = pipeline
    await save('hero', 'mine')
    await expect(conflicts.overwrite(pendingId())).resolves.toBe('stored')
    expect(repository.saves().at(-1)).toEqual({ key: 'hero', baseVersion: 2 })
    expect(repository.rows.get('hero')).toMatchObject({ value: 'mine', version: 3 })
  })

  it('should ignore overwrite without access', async () => {
    await pipeline.save('hero', 'mine')
    pipeline.control.access = false
    await expect(pipeline.conflicts.overwrite(pendingId())).resolves.toBe('ignored')
  })

  it('should count a conflict with the very document stored as stored', async () => {
    const { save, state } = pipeline
    await expect(save('hero', 'theirs')).resolves.toBe('stored')
    expect(state.stored('hero')).toEqual({ value: 'theirs', version: 2 })
    expect(state.getPendingSaves()).toEqual([])
  })
})

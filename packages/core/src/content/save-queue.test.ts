import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createSavePipeline } from '../../test-utils/save-pipeline-fixture.ts'

let pipeline: ReturnType<typeof createSavePipeline>

beforeEach(() => {
  vi.useFakeTimers()
  pipeline = createSavePipeline()
})
afterEach(() => {
  pipeline.scheduler.dispose()
  vi.useRealTimers()
})

describe('the save queue', () => {
  it('should show a staged edit at once and store it naming the version it started from', async () => {
    const { repository, state, save } = pipeline
    repository.storeAsSomeoneElse('hero', 'v1')
    state.setStored('hero', 'v1', 1)

    const outcome = save('hero', 'mine')
    expect(state.view('hero')).toBe('mine')
    await expect(outcome).resolves.toBe('stored')
    expect(repository.saves()).toEqual([{ key: 'hero', baseVersion: 1 }])
    expect(state.stored('hero')).toEqual({ value: 'mine', version: 2 })
    expect(state.getPendingSaves()).toEqual([])
  })

  it('should send nothing without access and keep the pending save waiting', async () => {
    pipeline.control.access = false
    void pipeline.save('hero', 'mine')
    await vi.advanceTimersByTimeAsync(0)
    expect(pipeline.repository.saves()).toEqual([])
    expect(pipeline.state.getPendingSaves()).toMatchObject([{ key: 'hero', status: 'pending' }])
  })

  it('should send one request at a time per key, the newest pending save next', async () => {
    const { repository, save } = pipeline
    repository.latencyMs = 100
    const outcomes = Promise.all([save('hero', 'one'), save('hero', 'two'), save('hero', 'three')])
    await vi.advanceTimersByTimeAsync(300)
    await expect(outcomes).resolves.toEqual(['stored', 'stored', 'stored'])
    expect(repository.saves()).toEqual([
      { key: 'hero', baseVersion: 0 },
      { key: 'hero', baseVersion: 1 },
    ])
    expect(repository.rows.get('hero')?.value).toBe('three')
  })

  it('should retry an unavailable save after 1, 2, 4 and at most 8 s', async () => {
    const { repository, save, state } = pipeline
    repository.offline = true
    await expect(save('hero', 'mine')).resolves.toBe('kept')
    const attempts = () => repository.saves().length
    expect(state.getPendingSaves()[0]?.nextRetryAt).toBe(Date.now() + 1000)
    for (const [wait, expected] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
      [8000, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait)
      expect(attempts()).toBe(expected)
    }
  })

  it('should keep a refused save for the editor without retrying it', async () => {
    const { repository, save, state } = pipeline
    repository.forbidden = true
    await expect(save('hero', 'mine')).resolves.toBe('kept')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(repository.saves()).toHaveLength(1)
    expect(state.getPendingSaves()).toMatchObject([{ status: 'failed', errorKind: 'forbidden' }])
  })

  it('should send saves refused for lack of rights again when asked to send all waiting', async () => {
    const { repository, save, queue } = pipeline
    repository.forbidden = true
    await save('hero', 'mine')
    repository.forbidden = false
    queue.sendAllWaiting()
    await vi.advanceTimersByTimeAsync(0)
    expect(repository.rows.get('hero')?.value).toBe('mine')
  })

  it('should send a waiting save at once when back online', async () => {
    const { repository, save, queue } = pipeline
    repository.offline = true
    await save('hero', 'mine')
    repository.offline = false
    queue.onOnline()
    await vi.advanceTimersByTimeAsync(0)
    expect(repository.rows.get('hero')?.value).toBe('mine')
  })

  it('should send a kept save now on retryNow', async () => {
    const { repository, save, queue, state } = pipeline
    repository.offline = true
    await save('hero', 'mine')
    repository.offline = false
    await expect(queue.retryNow(state.getPendingSaves()[0]!.id)).resolves.toBe('stored')
  })

  it('should go back to the stored document on discard', async () => {
    const { repository, save, queue, state } = pipeline
    state.setStored('hero', 'stored', 1)
    repository.offline = true
    await save('hero', 'mine')
    queue.discard(state.getPendingSaves()[0]!.id)
    expect(state.view('hero')).toBe('stored')
    expect(state.getPendingSaves()).toEqual([])
    expect(pipeline.storage.items.size).toBe(0)
  })

  it('should refuse a document over the limits before sending it', async () => {
    const { repository, save, notices } = pipeline
    await expect(save('hero', 'x'.repeat(1_100_000))).resolves.toBe('kept')
    expect(repository.saves()).toEqual([])
    expect(notices.shown.at(-1)?.description).toMatch(
      /^Could not save this content\. It is too large/,
    )
  })
})

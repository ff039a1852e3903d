import { describe, expect, it, vi } from 'vitest'

import { createBridge, IPC_CONTRACT } from './ipc-contract.ts'

describe('createBridge', () => {
  it('should expose exactly one function per channel, and on', () => {
    const bridge = createBridge(vi.fn(), vi.fn())
    expect(Object.keys(bridge).sort()).toEqual([...Object.keys(IPC_CONTRACT), 'on'].sort())
  })

  it('should send a call as its channel and argument list', async () => {
    const invoke = vi.fn(async () => 'value')
    const bridge = createBridge(invoke, vi.fn())
    await bridge['auth-storage:get']('sb-x-auth-token')
    expect(invoke).toHaveBeenCalledWith('auth-storage:get', ['sb-x-auth-token'])
  })

  it('should refuse to subscribe to an event the contract does not name', () => {
    const bridge = createBridge(vi.fn(), vi.fn())
    const on = bridge.on as (event: string, listener: () => void) => () => void
    expect(() => on('ipc:raw', () => {})).toThrow(/Unknown event/)
  })

  it('should be frozen', () => {
    expect(Object.isFrozen(createBridge(vi.fn(), vi.fn()))).toBe(true)
  })
})

import { describe, expect, it, vi } from 'vitest'

import { createBridge, IPC_CONTRACT } from './ipc-contract.ts'

describe('createBridge', () => {
  it('should expose exactly one function per channel, and on', () => {
    const bridge = createBridge(vi.fn(), vi.fn(), vi.fn())
    expect(Object.keys(bridge).sort()).toEqual([...Object.keys(IPC_CONTRACT), 'on'].sort())
  })

  it('should send a call as its channel and argument list', async () => {
    const invoke = vi.fn(async () => 'value')
    const bridge = createBridge(invoke, vi.fn(), vi.fn())
    await bridge['auth-storage:get']('sb-x-auth-token')
    expect(invoke).toHaveBeenCalledWith('auth-storage:get', ['sb-x-auth-token'])
  })

  it('should refuse to subscribe to an event the contract does not name', () => {
    const bridge = createBridge(vi.fn(), vi.fn(), vi.fn())
    const on = bridge.on as (event: string, listener: () => void) => () => void
    expect(() => on('ipc:raw', () => {})).toThrow(/Unknown event/)
  })

  it('should be frozen', () => {
    expect(Object.isFrozen(createBridge(vi.fn(), vi.fn(), vi.fn()))).toBe(true)
  })

  it('should send the paths of dropped files, and nothing for files without one', async () => {
    const invoke = vi.fn(async () => [])
    const paths = new Map<unknown, string>([
      ['real-folder', '/home/director/Pictures/opening-day'],
      ['real-photo', '/home/director/Desktop/IMG_1.jpg'],
    ])
    const bridge = createBridge(invoke, vi.fn(), (file) => paths.get(file) ?? '')
    await bridge['upload:drop'](['real-folder', 'made-up', 'real-photo'])
    await bridge['upload:drop'](['made-up'])
    expect(invoke.mock.calls).toEqual([
      [
        'upload:drop',
        [['/home/director/Pictures/opening-day', '/home/director/Desktop/IMG_1.jpg']],
      ],
    ])
  })
})

describe('upload:drop', () => {
  const parse = (paths: unknown) => IPC_CONTRACT['upload:drop'].input.safeParse([paths]).success

  it('should take absolute POSIX and Windows paths', () => {
    expect(parse(['/home/director/Pictures', 'C:\\Users\\director\\Pictures'])).toBe(true)
  })

  it('should refuse relative paths, NUL bytes and an empty list', () => {
    expect([parse(['Pictures']), parse(['/tmp/a\0b']), parse([])]).toEqual([false, false, false])
  })
})

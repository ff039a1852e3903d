/**
 * Who refreshes the director's session: the window's client once its page has read the session,
 * main otherwise (no window, a page loading or crashed); the hand-overs in both directions.
 */
import { describe, expect, it } from 'vitest'

import type { MainRefresher } from './main-refresher.ts'
import { createSessionOwner } from './session-owner.ts'
import type { RefreshRequest } from './session-owner.ts'

/** Main's refresher, recording what it is asked; each refresh ends when the test says. */
function recordingMain() {
  const asked: (string | null)[] = []
  let finish: (() => void) | null = null
  let underWay: Promise<void> | null = null
  const main: MainRefresher = {
    refresh(sentWith) {
      asked.push(sentWith)
      underWay ??= new Promise<void>((resolve) => {
        finish = () => {
          underWay = null
          resolve()
        }
      })
      return underWay
    },
    settled: () => underWay ?? Promise.resolve(),
  }
  return { main, asked, finish: () => finish?.() }
}

function store() {
  const values = new Map<string, string>([['sb-127-auth-token', '{"access_token":"a1"}']])
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value)
      return { persisted: true as const }
    },
    removeItem: (key: string) => void values.delete(key),
  }
}

describe('the session’s one owner', () => {
  it('should refresh from main while no page has read the session, and never ask a window', async () => {
    const { main, asked, finish } = recordingMain()
    const requests: RefreshRequest[] = []
    const owner = createSessionOwner({ ask: (request) => requests.push(request) > 0, main })
    const done = owner.refresh('a1')
    finish()
    await done
    expect(asked).toEqual(['a1'])
    expect(requests).toEqual([])
    expect(owner.rendererOwns()).toBe(false)
  })

  it('should ask the page once it has read the session, and resolve on its answer', async () => {
    const { main, asked } = recordingMain()
    const requests: RefreshRequest[] = []
    const owner = createSessionOwner({ ask: (request) => requests.push(request) > 0, main })
    expect(await owner.storage(store()).getItem('sb-127-auth-token')).toBe('{"access_token":"a1"}')
    expect(owner.rendererOwns()).toBe(true)
    let resolved = false
    const done = owner.refresh('a1').then(() => (resolved = true))
    expect(requests).toEqual([{ requestId: expect.stringMatching(/^refresh-/), sentWith: 'a1' }])
    await Promise.resolve()
    expect(resolved).toBe(false)
    owner.answered(requests[0]!.requestId)
    await done
    expect(asked).toEqual([])
  })

  it('should hold a starting page’s reads and writes until main’s refresh is stored', async () => {
    const { main, finish } = recordingMain()
    const owner = createSessionOwner({ ask: () => true, main })
    const session = store()
    void owner.refresh('a1')
    const order: string[] = []
    const read = owner
      .storage(session)
      .getItem('sb-127-auth-token')
      .then((value) => order.push(`read ${value}`))
    const write = owner
      .storage(session)
      .setItem('other', 'x')
      .then(() => order.push('write'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(order).toEqual([])
    // Main stores the renewed session, then its refresh ends.
    session.setItem('sb-127-auth-token', '{"access_token":"a2"}')
    finish()
    await Promise.all([read, write])
    expect(order).toEqual(['read {"access_token":"a2"}', 'write'])
  })

  it('should hand the requests a closing window left unanswered to main, and refresh from main after', async () => {
    const { main, asked, finish } = recordingMain()
    const owner = createSessionOwner({ ask: () => true, main })
    await owner.storage(store()).getItem('sb-127-auth-token')
    const pending = owner.refresh('a1')
    expect(asked).toEqual([])
    owner.rendererGone()
    expect(owner.rendererOwns()).toBe(false)
    expect(asked).toEqual(['a1'])
    finish()
    await pending
    const later = owner.refresh('a2')
    finish()
    await later
    expect(asked).toEqual(['a1', 'a2'])
  })

  it('should refresh from main when the window it meant to ask is gone', async () => {
    const { main, asked, finish } = recordingMain()
    const owner = createSessionOwner({ ask: () => false, main })
    await owner.storage(store()).getItem('sb-127-auth-token')
    const done = owner.refresh('a1')
    finish()
    await done
    expect(asked).toEqual(['a1'])
  })
})

import { describe, expect, it } from 'vitest'

import { pushMessage } from './push-message.ts'

const ORIGIN = 'https://club.example'

describe('pushMessage', () => {
  it('should show the decision, the time and the page the function sent', () => {
    expect(
      pushMessage(
        {
          title: 'Cancelled today: All games cancelled',
          body: 'Posted Sunday, December 6, 2026 at 4:12 PM · Club',
          url: `${ORIGIN}/programs/big-train/12u`,
          tag: 'alert-storm',
        },
        ORIGIN,
      ),
    ).toEqual({
      title: 'Cancelled today: All games cancelled',
      body: 'Posted Sunday, December 6, 2026 at 4:12 PM · Club',
      url: `${ORIGIN}/programs/big-train/12u`,
      tag: 'alert-storm',
    })
  })

  it('should lead only to a page of the site, and show something for data it cannot read', () => {
    for (const url of ['https://evil.example/', 'javascript:alert(1)', '//evil.example/x', 42])
      expect(pushMessage({ title: 'Update', url }, ORIGIN).url).toBe(`${ORIGIN}/`)
    expect(pushMessage('not json', ORIGIN)).toEqual({
      title: 'Club update',
      body: '',
      url: `${ORIGIN}/`,
    })
    expect(pushMessage({ title: 'x'.repeat(500) }, ORIGIN).title).toHaveLength(200)
  })
})

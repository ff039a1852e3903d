import { describe, expect, it } from 'vitest'

import { CONTENT_KEYS } from '../entities/content-key-list.ts'
import { CONTENT_NAMES, updatedMessage } from './content-names.ts'

describe('updatedMessage', () => {
  it('should say which documents were updated, in a sentence', () => {
    expect(updatedMessage(['fieldsContent'])).toBe('Field status updated')
    expect(updatedMessage(['alerts', 'fieldsContent'])).toBe('Alerts and field status updated')
    expect(updatedMessage(['alerts', 'newsPosts', 'fieldsContent'])).toBe(
      'Alerts, news and field status updated',
    )
    expect(updatedMessage(['alerts', 'alerts'])).toBe('Alerts updated')
    expect(updatedMessage([])).toBe('')
  })

  it('should name every content key, each differently', () => {
    const names = CONTENT_KEYS.map((key) => CONTENT_NAMES[key])
    expect(names.every(Boolean)).toBe(true)
    expect(new Set(names).size).toBe(CONTENT_KEYS.length)
  })
})

import { describe, expect, it } from 'vitest'

import { isPlaceholderLink } from './placeholder-link.ts'

describe('isPlaceholderLink', () => {
  it('should flag addresses on the domains reserved for examples', () => {
    for (const value of [
      'https://example.org/register/tee-ball',
      'https://EXAMPLE.org',
      'http://example.com/give?x=1',
      'https://www.example.net/',
      'https://register.example.org/#form',
      'https://user@example.org:8443/give',
      'https://club.example/',
      'https://donate.invalid/',
      ' https://example.org/give ',
      'mailto:info@example.org',
      'mailto:info@example.org?subject=Hi',
      'sponsors@example.org',
    ])
      expect(isPlaceholderLink(value), value).toBe(true)
  })

  it('should leave real addresses, site paths and look-alikes alone', () => {
    for (const value of [
      '',
      '/programs',
      '/contact?x=example.org',
      '#registration',
      'https://example.org.evil.test/',
      'https://notexample.org/',
      'https://club-baseball.org/give',
      'https://club-baseball.org/?next=https://example.org/',
      'https://example.org@club-baseball.org/',
      'info@club-baseball.org',
      'mailto:info@club-baseball.org',
      'tel:+12025550123',
    ])
      expect(isPlaceholderLink(value), value).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'

import { safeQrCode } from './two-factor-section.tsx'

describe('safeQrCode', () => {
  it('should keep the SVG data URL the auth service sends', () => {
    const url = 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>'
    expect(safeQrCode(url)).toBe(url)
  })

  it('should leave out anything that is not an SVG data URL', () => {
    for (const given of [
      'javascript:alert(1)',
      'https://example.org/qr.svg',
      'data:text/html,<script>alert(1)</script>',
      ' data:image/svg+xml,<svg/>',
      '',
    ])
      expect(safeQrCode(given), given).toBeUndefined()
  })
})

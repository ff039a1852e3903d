import { describe, expect, it } from 'vitest'

import { deviceKind } from './devices-section.tsx'

describe('deviceKind', () => {
  it('should tell the desktop app from browsers by the User-Agent the auth service kept', () => {
    expect(
      deviceKind(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ClubAdmin/1.0.0 Chrome/142.0.0.0 Electron/39.0.0 Safari/537.36',
      ),
    ).toBe('Desktop app')
    expect(
      deviceKind(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
      ),
    ).toBe('Browser (Chrome)')
    expect(
      deviceKind(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
      ),
    ).toBe('Browser (Edge)')
    expect(
      deviceKind('Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0'),
    ).toBe('Browser (Firefox)')
    expect(
      deviceKind(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Browser (Safari)')
    expect(deviceKind('curl/8.0')).toBe('Browser or other app')
    expect(deviceKind(null)).toBe('Device not known')
  })
})

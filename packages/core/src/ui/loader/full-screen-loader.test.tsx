// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { FullScreenLoader } from './full-screen-loader.tsx'

afterEach(cleanup)

const css = readFileSync(join(import.meta.dirname, 'full-screen-loader.css'), 'utf8')

describe('<FullScreenLoader/>', () => {
  it('should be a status with an accessible label and the club logo at a fixed size', () => {
    render(<FullScreenLoader label="Checking your session" />)
    const status = screen.getByRole('status', { name: 'Checking your session' })
    const logo = status.querySelector('img')
    expect(logo?.getAttribute('src')).toBe('/images/logo.svg')
    expect(logo?.getAttribute('width')).toBe('128')
    expect(logo?.getAttribute('height')).toBe('128')
    expect(logo?.getAttribute('alt')).toBe('')
    expect(status.textContent).toContain('Checking your session')
  })

  it('should pulse from scale 1 to 1.05 and back over 1.5 s, repeating', () => {
    expect(css).toMatch(/animation:\s*club-loader-pulse 1\.5s ease-in-out infinite/)
    expect(css).toMatch(/0%,\s*100%\s*\{\s*transform:\s*scale\(1\);/)
    expect(css).toMatch(/50%\s*\{\s*transform:\s*scale\(1\.05\);/)
  })

  it('should hold still when reduced motion is asked for', () => {
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.club-loader__logo\s*\{\s*animation:\s*none;/,
    )
  })
})

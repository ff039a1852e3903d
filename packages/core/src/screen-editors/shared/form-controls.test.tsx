import { describe, expect, it } from 'vitest'

import { textFieldsOf } from './form-controls.tsx'

describe('textFieldsOf', () => {
  it("gives a field its value and error, and patches only that field's key", () => {
    const patches: unknown[] = []
    const field = textFieldsOf<'name' | 'subtitle'>(
      { name: 'Sam', subtitle: 'Coach' },
      { subtitle: 'Too long.' },
      (patch) => patches.push(patch),
    )
    const name = field('name')
    const subtitle = field('subtitle')
    expect([name.value, name.error]).toEqual(['Sam', undefined])
    expect([subtitle.value, subtitle.error]).toEqual(['Coach', 'Too long.'])
    subtitle.onChange('Head Coach')
    name.onChange('')
    expect(patches).toEqual([{ subtitle: 'Head Coach' }, { name: '' }])
  })
})

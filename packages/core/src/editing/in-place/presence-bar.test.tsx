// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { inPlaceFieldName } from './presence-bar.tsx'

describe('inPlaceFieldName', () => {
  it('should name an in-place field by its label without the leading verb', () => {
    document.body.innerHTML = `
      <p data-edit-key="fieldsContent" aria-label="Edit main text" contenteditable="true"><b id="inner">x</b></p>
      <img data-edit-key="aboutContent" aria-label="Change image: about slider 1" alt="" />
      <p id="plain">Not a field</p>`
    expect(inPlaceFieldName(document.querySelector('[aria-label="Edit main text"]'))).toBe(
      'main text',
    )
    // Focus inside a field's markup counts as the field.
    expect(inPlaceFieldName(document.getElementById('inner'))).toBe('main text')
    expect(inPlaceFieldName(document.querySelector('img'))).toBe('about slider 1')
    expect(inPlaceFieldName(document.getElementById('plain'))).toBeUndefined()
    expect(inPlaceFieldName(null)).toBeUndefined()
  })
})

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'

import { fieldName } from './screen-bar.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

const find = (selector: string) => document.querySelector(selector)

describe('fieldName', () => {
  it('should read a field by its label, aria-label or what labels it', () => {
    document.body.innerHTML = `
      <label for="t">Title <span>*</span></label><input id="t">
      <textarea id="m" aria-label="  Message\n text "></textarea>
      <span id="a">Ends</span><span id="b">(Eastern time)</span><input id="e" aria-labelledby="a b">
      <label>Active <input id="c" type="checkbox"></label>`
    expect(fieldName(find('#t'))).toBe('Title *')
    expect(fieldName(find('#m'))).toBe('Message text')
    expect(fieldName(find('#e'))).toBe('Ends (Eastern time)')
    expect(fieldName(find('#c'))).toBe('Active')
  })

  it('should add the group it is in, unless the label already says it', () => {
    document.body.innerHTML = `
      <fieldset><legend>Player 3</legend><label for="n">Name</label><input id="n"></fieldset>
      <fieldset><legend>Hollow Oak</legend><label for="r">Reason for Hollow Oak</label><input id="r"></fieldset>`
    expect(fieldName(find('#n'))).toBe('Name (Player 3)')
    expect(fieldName(find('#r'))).toBe('Reason for Hollow Oak')
  })

  it('should give nothing for what is not a field', () => {
    document.body.innerHTML = `<button id="b">Save</button><h2 id="h" tabindex="-1">Alerts</h2>`
    expect(fieldName(find('#b'))).toBe('')
    expect(fieldName(find('#h'))).toBe('')
    expect(fieldName(null)).toBe('')
  })
})

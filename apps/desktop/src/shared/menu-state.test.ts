import { describe, expect, it } from 'vitest'

import { menuStateFrom } from './menu-state.ts'

const NOTHING = { canUndo: false, canRedo: false }

describe('menuStateFrom', () => {
  it('should disable Undo and Redo with nothing to undo and no field focused', () => {
    expect(menuStateFrom({ editor: NOTHING, typing: false, signedIn: true })).toEqual({
      canUndo: false,
      canRedo: false,
      signedIn: true,
    })
  })

  it('should follow the editor’s steps', () => {
    expect(
      menuStateFrom({ editor: { canUndo: true, canRedo: false }, typing: false, signedIn: true }),
    ).toEqual({ canUndo: true, canRedo: false, signedIn: true })
  })

  it('should enable Undo and Redo in a text field, for the field’s own undo', () => {
    expect(menuStateFrom({ editor: NOTHING, typing: true, signedIn: false })).toEqual({
      canUndo: true,
      canRedo: true,
      signedIn: false,
    })
  })
})

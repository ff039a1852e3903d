import { describe, expect, it } from 'vitest'

import { editorIdentity, initialsOf } from './editor-identity.ts'

describe('initialsOf', () => {
  it.each([
    ['Jordan Lee', 'JL'],
    ['Jordan', 'J'],
    ['Mary Ann van Dyke', 'MD'],
    ['pat.morgan@example.org', 'PM'],
    ['coach@example.org', 'C'],
    ['  élodie   roux ', 'ÉR'],
    ['', '?'],
  ])('should make %j into %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})

describe('editorIdentity', () => {
  const profile = { displayName: 'Club Director', email: 'Staff@Club.local' }

  it('should take the display name the profile saved on the account first', () => {
    const user = {
      id: 'u1',
      email: 'jordan@example.org',
      user_metadata: { display_name: ' Jordan  Lee ' },
    }
    expect(editorIdentity(user, profile)).toEqual({
      id: 'u1',
      name: 'Jordan Lee',
      email: 'jordan@example.org',
      initials: 'JL',
    })
  })

  it('should take the profile document’s name when its email is the user’s', () => {
    const identity = editorIdentity({ id: 'u2', email: 'staff@club.local' }, profile)
    expect(identity.name).toBe('Club Director')
    expect(identity.initials).toBe('CD')
  })

  it('should fall back to the email when the profile is someone else’s', () => {
    const identity = editorIdentity({ id: 'u3', email: 'pat@example.org' }, profile)
    expect(identity.name).toBe('pat@example.org')
    expect(identity.initials).toBe('P')
  })

  it('should still name an account without email or profile', () => {
    expect(editorIdentity({ id: 'u4' }).name).toBe('A staff member')
  })
})

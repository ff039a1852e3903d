import { describe, expect, it } from 'vitest'

import type { ClubContact } from '../../entities/home-content.ts'
import { clubContactForm, readClubContact } from './club-contact-form.ts'

const SET: ClubContact = {
  email: 'info@rockcreek-baseball.org',
  phone: '(301) 555-0142',
  mailingAddress: ['PO Box 1952', 'Rockville, MD 20849'],
}
const UNSET: ClubContact = { email: '', phone: '', mailingAddress: [] }

describe('clubContactForm', () => {
  it('should start empty when nothing is stored, and from the stored details otherwise', () => {
    expect(clubContactForm(undefined)).toEqual({ email: '', phone: '', mailingAddress: '' })
    expect(clubContactForm(SET).mailingAddress).toBe('PO Box 1952\nRockville, MD 20849')
    expect(readClubContact(clubContactForm(SET))).toEqual({ ok: true, contact: SET })
  })
})

describe('readClubContact', () => {
  it('should trim what staff typed and split the address into lines', () => {
    expect(
      readClubContact({
        email: '  info@rockcreek-baseball.org ',
        phone: ' (301)  555-0142 ',
        mailingAddress: 'PO Box 1952\r\n\n  Rockville,   MD 20849  \n',
      }),
    ).toEqual({ ok: true, contact: SET })
    expect(readClubContact({ email: '', phone: '', mailingAddress: '' })).toEqual({
      ok: true,
      contact: UNSET,
    })
  })

  it('should name each value that cannot be stored, and store nothing', () => {
    const read = readClubContact({
      email: 'info at club',
      phone: 'call us',
      mailingAddress: ['1', '2', '3', '4', '5', '6', '7'].join('\n'),
    })
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems.email).toMatch(/^Enter one email address/)
    expect(read.problems.phone).toMatch(/^Enter a phone number/)
    expect(read.problems.mailingAddress).toBe('Enter the mailing address in at most 6 lines.')
  })
})

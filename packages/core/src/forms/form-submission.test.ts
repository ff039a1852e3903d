import { describe, expect, it } from 'vitest'

import { EMPTY_FORM_VALUES, FIELD_MESSAGES, toSubmission, validateForm } from './form-submission.ts'
import type { FormValues } from './form-submission.ts'

const filled = (overrides: Partial<FormValues> = {}): FormValues => ({
  ...EMPTY_FORM_VALUES,
  name: 'Pat Parent',
  email: 'pat@example.org',
  message: 'When do tryouts start?',
  ...overrides,
})

describe('toSubmission', () => {
  it('should trim fields and send empty optional fields as null', () => {
    expect(
      toSubmission('contact', filled({ name: '  Pat ', phone: '  ', program: 'tee-ball' })),
    ).toEqual({
      kind: 'contact',
      name: 'Pat',
      email: 'pat@example.org',
      phone: null,
      message: 'When do tryouts start?',
      program: null,
      website: '',
    })
  })

  it('should keep the program of a registration interest and pass the honeypot through', () => {
    const row = toSubmission(
      'registration-interest',
      filled({ program: 'tee-ball', website: 'spam' }),
    )
    expect(row.program).toBe('tee-ball')
    expect(row.website).toBe('spam')
  })
})

describe('validateForm', () => {
  it('should accept a complete contact message', () => {
    expect(validateForm('contact', filled({ phone: '+1 (301) 555-0100' }))).toEqual({})
  })

  it('should ask for a name, an email and, for contact, a message', () => {
    expect(validateForm('contact', EMPTY_FORM_VALUES)).toEqual({
      name: FIELD_MESSAGES.nameMissing,
      email: FIELD_MESSAGES.emailMissing,
      message: FIELD_MESSAGES.messageMissing,
    })
    expect(validateForm('registration-interest', filled({ message: '' }))).toEqual({})
  })

  it('should refuse what the database refuses', () => {
    expect(validateForm('contact', filled({ name: 'n'.repeat(101) })).name).toBe(
      FIELD_MESSAGES.nameTooLong,
    )
    expect(validateForm('contact', filled({ name: 'Pat\u0007' })).name).toBe(
      FIELD_MESSAGES.nameControl,
    )
    expect(validateForm('contact', filled({ email: 'pat@example' })).email).toBe(
      FIELD_MESSAGES.emailFormat,
    )
    expect(validateForm('contact', filled({ email: 'a b@example.org' })).email).toBe(
      FIELD_MESSAGES.emailFormat,
    )
    expect(validateForm('contact', filled({ phone: 'call me' })).phone).toBe(
      FIELD_MESSAGES.phoneFormat,
    )
    expect(validateForm('contact', filled({ phone: '12345' })).phone).toBe(
      FIELD_MESSAGES.phoneFormat,
    )
    expect(validateForm('contact', filled({ message: 'x'.repeat(5001) })).message).toBe(
      FIELD_MESSAGES.messageTooLong,
    )
  })

  it('should count characters in UTF-16 units, never more leniently than the database', () => {
    const emoji = '\u{1F600}'.repeat(2501)
    expect([...emoji]).toHaveLength(2501)
    expect(validateForm('contact', filled({ message: emoji })).message).toBe(
      FIELD_MESSAGES.messageTooLong,
    )
  })

  it('should accept only an offered program', () => {
    const interest = filled({ program: 'tee-ball' })
    expect(validateForm('registration-interest', interest, ['tee-ball'])).toEqual({})
    expect(validateForm('registration-interest', interest, ['select']).program).toBe(
      FIELD_MESSAGES.program,
    )
    expect(
      validateForm('registration-interest', filled({ program: '../x' }), ['../x']).program,
    ).toBe(FIELD_MESSAGES.program)
  })
})

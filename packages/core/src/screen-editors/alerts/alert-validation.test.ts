import { describe, expect, it } from 'vitest'

import { defaultAlerts } from '../../defaults/alerts.ts'
import type { Alert } from '../../entities/alert.ts'
import { cleanAlert, validateAlert } from './alert-validation.ts'

const sample = defaultAlerts[1] as Alert

describe('cleanAlert', () => {
  it('should trim the text fields', () => {
    const cleaned = cleanAlert({ ...sample, title: ' Rain ', link: ' /fields ' })
    expect([cleaned.title, cleaned.link]).toEqual(['Rain', '/fields'])
  })

  it('should drop an empty target page', () => {
    expect('targetPage' in cleanAlert({ ...sample, targetPage: ' ' })).toBe(false)
  })

  it('should keep each page once, the first as targetPage and the others as morePages', () => {
    const cleaned = cleanAlert({
      ...sample,
      targetPage: ' ',
      morePages: ['/team/big-train-12u', '/programs/big-train/12u', ' /teams ', ''],
    })
    expect([cleaned.targetPage, cleaned.morePages]).toEqual(['/team/big-train-12u', ['/teams']])
    expect('morePages' in cleanAlert({ ...sample, targetPage: '/teams', morePages: [] })).toBe(
      false,
    )
  })

  it('should clear the status type of a general alert', () => {
    expect(cleanAlert({ ...sample, status_type: 'game-on' }).status_type).toBeNull()
  })
})

describe('validateAlert', () => {
  it('should accept every sample alert', () => {
    expect(defaultAlerts.map((alert) => validateAlert(cleanAlert(alert)))).toEqual([{}, {}, {}])
  })

  it('should refuse a page address the site could not have', () => {
    const errors = validateAlert({ ...sample, targetPage: '/teams', morePages: ['/a b'] })
    expect(errors.targetPage).toBe('Choose pages from the list.')
  })

  it('should refuse an end equal to the start', () => {
    const errors = validateAlert({ ...sample, endDate: sample.startDate })
    expect(errors.endDate).toBe('The end must be after the start.')
  })

  it('should ask for both dates when they are missing', () => {
    expect(validateAlert({ ...sample, startDate: '', endDate: '' })).toEqual({
      startDate: 'Choose when it starts.',
      endDate: 'Choose when it ends.',
    })
  })

  it('should refuse a protocol-relative link with the reason', () => {
    expect(validateAlert({ ...sample, link: '//evil.example/' }).link).toMatch(/^Leaves the site\./)
  })

  it('should refuse a link with a space that would render but not store', () => {
    expect(validateAlert({ ...sample, link: '/fields page' }).link).toMatch(/cannot hold spaces/)
  })

  it('should ask for a link when only link text is given', () => {
    expect(validateAlert({ ...sample, link: '' }).linkText).toBe('Add a link, or clear this text.')
  })

  it('should ask for a status type on a status alert', () => {
    const errors = validateAlert({ ...sample, alert_category: 'status', status_type: null })
    expect(errors.status_type).toBe('Choose a status type.')
  })
})

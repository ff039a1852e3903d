import { describe, expect, it } from 'vitest'

import { programName, replyBody, replyHref, replySubject } from './inbox-reply.ts'

const message = {
  email: 'pat+kids@example.com',
  kind: 'registration-interest' as const,
  program: 'recreation-softball',
  name: 'Pat Parent',
  message: 'Fees & dates?\nbcc=all@example.com #1 100%',
  // 8:05 PM on Dec 5 in the club's time (01:05 UTC on Dec 6).
  createdAt: '2026-12-06T01:05:00Z',
}

describe('inbox replies', () => {
  it('should name a program instead of its slug', () => {
    expect(programName('recreation-softball')).toBe('Recreation Softball')
    expect(programName('winter-clinic')).toBe('Winter Clinic')
  })

  it('should make a subject from the kind and the program', () => {
    expect(replySubject(message)).toBe('Re: Registration interest: Recreation Softball')
    expect(replySubject({ kind: 'contact', program: null })).toBe('Re: Your message')
  })

  it('should quote every line of the message under its date in club time', () => {
    expect(replyBody(message).split('\r\n')).toEqual([
      'Hi Pat,',
      '',
      '',
      '',
      'On December 5, 2026, 8:05 PM, Pat Parent wrote:',
      '> Fees & dates?',
      '> bcc=all@example.com #1 100%',
    ])
  })

  it('should shorten a long quote', () => {
    const body = replyBody({ ...message, message: 'x'.repeat(50) }, 10)
    expect(body).toContain('> xxxxxxxxxx […]')
  })

  it('should encode what the sender typed so it adds no header and ends nothing early', () => {
    const href = replyHref(message)
    expect(href.startsWith('mailto:pat%2Bkids@example.com?subject=')).toBe(true)
    const url = new URL(href)
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(url.searchParams.get('subject')).toBe('Re: Registration interest: Recreation Softball')
    expect(url.searchParams.get('body')).toBe(replyBody(message))
    expect(href).not.toMatch(/[\s#]/)
  })
})

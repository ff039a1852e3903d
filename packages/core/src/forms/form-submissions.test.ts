/**
 * The form repository against the local Supabase-compatible server: real HTTP, the
 * visitors' PostgREST client (createPublicWriteClient), the real table, its policies and
 * triggers.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../test-utils/harness.ts'
import { createPublicWriteClient } from '../backend/public-write-client.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { FIELD_MESSAGES, toSubmission } from './form-submission.ts'
import type { FormSubmission } from './form-submission.ts'
import { classifySendError, createFormSubmissions } from './form-submissions.ts'

const visitorClient = (url: string, anonKey: string) => createPublicWriteClient({ url, anonKey })

describe('createFormSubmissions', () => {
  let h: Harness
  const domain = `repo-${randomUUID().slice(0, 8)}.example.test`
  const message = (overrides: Partial<FormSubmission> = {}): FormSubmission => ({
    ...toSubmission('contact', {
      name: 'Pat Parent',
      email: `pat-${randomUUID().slice(0, 8)}@${domain}`,
      phone: '',
      message: 'Hello',
      program: '',
      website: '',
    }),
    ...overrides,
  })

  beforeAll(async () => {
    h = await startHarness()
  })
  afterEach(async () => {
    await h.service.from('form_submissions').delete().like('email', `%@${domain}`)
  })
  afterAll(async () => {
    await h.stop()
  })

  it('should store a message sent with the anon key and report it sent', async () => {
    const forms = createFormSubmissions(visitorClient(h.url, h.anonKey))
    const sent = message()
    expect(await forms.send(sent)).toEqual({ status: 'sent' })
    const { data } = await h.service
      .from('form_submissions')
      .select('email')
      .eq('email', sent.email)
    expect(data).toEqual([{ email: sent.email }])
  })

  it('should report a refused field with its words', async () => {
    const forms = createFormSubmissions(visitorClient(h.url, h.anonKey))
    expect(await forms.send(message({ email: 'nope' }))).toEqual({
      status: 'invalid',
      field: 'email',
      message: FIELD_MESSAGES.emailFormat,
    })
  })

  it("should report the sender's rate limit with the wait in minutes", async () => {
    const forms = createFormSubmissions(visitorClient(h.url, h.anonKey))
    const email = `busy@${domain}`
    for (let i = 0; i < 3; i++) expect((await forms.send(message({ email }))).status).toBe('sent')
    const refused = await forms.send(message({ email }))
    expect(refused).toMatchObject({ status: 'rate-limited' })
    expect(refused.status === 'rate-limited' && refused.message).toMatch(
      /^You have sent several messages in the last few minutes\. Please try again in about (9|10) minutes\.$/,
    )
    expect(refused.status === 'rate-limited' && refused.retryAfterSeconds).toBeGreaterThan(500)
  })

  it('should report an unreachable server as a network error', async () => {
    // A port nothing listens on: the connection is refused.
    const forms = createFormSubmissions(visitorClient('http://127.0.0.1:9', h.anonKey))
    expect(await forms.send(message())).toEqual({
      status: 'network-error',
      message: "We could not reach the club's server. Check your connection, then try again.",
    })
  })
})

describe('classifySendError', () => {
  it('should read the overall limit and an unknown 429', () => {
    expect(
      classifySendError(
        { code: 'PT429', message: 'x', details: '{"limit":"overall","retry_after_seconds":12}' },
        429,
      ),
    ).toEqual({
      status: 'rate-limited',
      message: 'The club is receiving a lot of messages right now. Please try again in a minute.',
      retryAfterSeconds: 12,
    })
    expect(classifySendError({ message: 'Slow down', details: 'not json' }, 429)).toEqual({
      status: 'rate-limited',
      message: 'Slow down',
      retryAfterSeconds: undefined,
    })
  })

  it('should say a minute, not one minutes', () => {
    const result = classifySendError(
      { code: 'PT429', message: 'x', details: '{"limit":"sender","retry_after_seconds":30}' },
      429,
    )
    expect(result.message).toBe(
      'You have sent several messages in the last few minutes. Please try again in a minute.',
    )
  })

  it('should pass an unknown refusal on and treat server failures as retryable', () => {
    expect(classifySendError({ code: '22P02', message: 'bad input' }, 400)).toEqual({
      status: 'invalid',
      field: undefined,
      message: "The club's server refused the form: bad input",
    })
    expect(classifySendError({ message: 'boom' }, 503).status).toBe('network-error')
    expect(classifySendError({ code: '42501', message: 'denied' }, 401).status).toBe(
      'network-error',
    )
  })
})

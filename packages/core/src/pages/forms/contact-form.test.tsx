// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'

import { createMemoryStorage } from '../../../test-utils/memory-storage.ts'
import { FIELD_MESSAGES } from '../../forms/form-submission.ts'
import type { FormSendResult, FormSubmission } from '../../forms/form-submission.ts'
import { ContactForm } from './contact-form.tsx'
import { FORM_PROGRESS_PREFIX } from './form-progress.ts'

afterEach(cleanup)

/** A submit callback whose outcome each test decides, recording what it was given. */
function submitter() {
  const calls: FormSubmission[] = []
  const pending: ((result: FormSendResult) => void)[] = []
  return {
    calls,
    onSubmit: (submission: FormSubmission) => {
      calls.push(submission)
      return new Promise<FormSendResult>((resolve) => pending.push(resolve))
    },
    /** Settles the oldest send still waiting. */
    async settle(result: FormSendResult) {
      await act(async () => pending.shift()?.(result))
    },
  }
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fill() {
  type('Your name', 'Pat Parent')
  type('Email', 'pat@example.org')
  type(/^Phone/, '301 555 0100')
  type('Message', 'When do tryouts start?')
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
const valueOf = (label: string | RegExp) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value

describe('ContactForm', () => {
  it('should label every field, mark the phone optional and keep the honeypot out of reach', () => {
    const { container } = render(
      <ContactForm onSubmit={submitter().onSubmit} progressStorage={null} />,
    )
    expect(screen.getByLabelText('Your name').getAttribute('autocomplete')).toBe('name')
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email')
    expect(screen.getByLabelText('Phone (optional)').getAttribute('type')).toBe('tel')
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA')
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement
    expect(trap.tabIndex).toBe(-1)
    expect(trap.closest('.club-form__trap')).not.toBeNull()
  })

  it('should show inline messages and focus the first invalid field without sending', () => {
    const submit = submitter()
    render(<ContactForm onSubmit={submit.onSubmit} progressStorage={null} />)
    type('Email', 'pat@')
    send()
    expect(submit.calls).toHaveLength(0)
    const name = screen.getByLabelText('Your name')
    expect(document.activeElement).toBe(name)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(FIELD_MESSAGES.nameMissing)).toBeTruthy()
    expect(screen.getByText(FIELD_MESSAGES.emailFormat)).toBeTruthy()
    expect(screen.getByText(FIELD_MESSAGES.messageMissing)).toBeTruthy()
    // An error follows its field as it is fixed.
    type('Your name', 'Pat')
    expect(screen.queryByText(FIELD_MESSAGES.nameMissing)).toBeNull()
    expect(name.getAttribute('aria-invalid')).toBeNull()
  })

  it('should mark the button disabled while sending, then thank the visitor and forget the progress', async () => {
    const submit = submitter()
    const storage = createMemoryStorage()
    render(<ContactForm onSubmit={submit.onSubmit} progressStorage={storage} replyNote="Soon." />)
    fill()
    expect(storage.items.get(`${FORM_PROGRESS_PREFIX}contact`)).toContain('When do tryouts start?')
    send()
    const button = screen.getByRole('button', { name: 'Sending…' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(button)
    expect(submit.calls).toEqual([
      {
        kind: 'contact',
        name: 'Pat Parent',
        email: 'pat@example.org',
        phone: '301 555 0100',
        message: 'When do tryouts start?',
        program: null,
        website: '',
      },
    ])
    await submit.settle({ status: 'sent' })
    const thanks = screen.getByText('Thanks — we got your message.')
    expect(document.activeElement).toBe(thanks)
    expect(screen.getByText('Soon.')).toBeTruthy()
    expect(storage.items.has(`${FORM_PROGRESS_PREFIX}contact`)).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }))
    expect(valueOf('Your name')).toBe('Pat Parent')
    expect(valueOf('Message')).toBe('')
  })

  it('should keep every typed value after a failed send and send them again on Retry', async () => {
    const submit = submitter()
    render(<ContactForm onSubmit={submit.onSubmit} progressStorage={null} />)
    fill()
    send()
    await submit.settle({ status: 'network-error', message: 'We could not reach the server.' })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Your message was not sent.')
    expect(alert.textContent).toContain('We could not reach the server.')
    expect(alert.textContent).toContain('Everything you typed is still here.')
    expect(valueOf('Your name')).toBe('Pat Parent')
    expect(valueOf('Email')).toBe('pat@example.org')
    expect(valueOf(/^Phone/)).toBe('301 555 0100')
    expect(valueOf('Message')).toBe('When do tryouts start?')
    const retry = screen.getByRole('button', { name: 'Retry' })
    expect(document.activeElement).toBe(retry)

    fireEvent.click(retry)
    expect(submit.calls).toHaveLength(2)
    expect(submit.calls[1]).toEqual(submit.calls[0])
    await submit.settle({ status: 'sent' })
    expect(screen.getByText('Thanks — we got your message.')).toBeTruthy()
  })

  it('should say when to try again after the rate limit', async () => {
    const submit = submitter()
    render(<ContactForm onSubmit={submit.onSubmit} progressStorage={null} />)
    fill()
    send()
    await submit.settle({
      status: 'rate-limited',
      message: 'Please try again in about 9 minutes.',
      retryAfterSeconds: 540,
    })
    expect(screen.getByRole('alert').textContent).toContain('Please wait a little.')
    expect(screen.getByRole('alert').textContent).toContain('Please try again in about 9 minutes.')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(valueOf('Message')).toBe('When do tryouts start?')
  })

  it("should put the server's refusal on the field it names", async () => {
    const submit = submitter()
    render(<ContactForm onSubmit={submit.onSubmit} progressStorage={null} />)
    fill()
    send()
    await submit.settle({ status: 'invalid', field: 'email', message: 'Not an address we take.' })
    const email = screen.getByLabelText('Email')
    expect(document.activeElement).toBe(email)
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toContain('email-error')
    expect(screen.getByRole('alert').textContent).toContain('Please check the form.')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  it('should restore the progress of the session after a reload, over an empty form', () => {
    const storage = createMemoryStorage()
    const first = render(<ContactForm onSubmit={submitter().onSubmit} progressStorage={storage} />)
    fill()
    first.unmount()
    render(<ContactForm onSubmit={submitter().onSubmit} progressStorage={storage} />)
    expect(valueOf('Your name')).toBe('Pat Parent')
    expect(valueOf('Message')).toBe('When do tryouts start?')
  })

  it('should ignore progress that is not form progress', () => {
    const storage = createMemoryStorage({
      [`${FORM_PROGRESS_PREFIX}contact`]:
        '{"name":42,"message":"<b>kept as text</b>","website":"x"}',
    })
    const { container } = render(
      <ContactForm onSubmit={submitter().onSubmit} progressStorage={storage} />,
    )
    expect(valueOf('Your name')).toBe('')
    expect(valueOf('Message')).toBe('<b>kept as text</b>')
    expect((container.querySelector('input[name="website"]') as HTMLInputElement).value).toBe('')
    expect(container.querySelector('b')).toBeNull()
  })

  it('should load the sending code once, on the first focus', () => {
    let prepared = 0
    render(
      <ContactForm
        onSubmit={submitter().onSubmit}
        onPrepare={() => prepared++}
        progressStorage={null}
      />,
    )
    expect(prepared).toBe(0)
    fireEvent.focus(screen.getByLabelText('Your name'))
    fireEvent.focus(screen.getByLabelText('Email'))
    expect(prepared).toBe(1)
  })

  it('should not submit natively before hydration (the text would land in the URL)', () => {
    const html = renderToString(<ContactForm onSubmit={submitter().onSubmit} />)
    expect(html).toMatch(/<button type="button"[^>]*>Send message<\/button>/)
    expect(html).not.toContain('type="submit"')
    render(<ContactForm onSubmit={submitter().onSubmit} progressStorage={null} />)
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('type')).toBe('submit')
  })

  it('should keep and send what was typed before the page hydrated', async () => {
    const { calls, onSubmit } = submitter()
    const container = document.createElement('div')
    container.innerHTML = renderToString(<ContactForm onSubmit={onSubmit} progressStorage={null} />)
    document.body.append(container)
    const field = (label: string) =>
      [...container.querySelectorAll('label')].find((element) => element.textContent === label)
        ?.control as HTMLInputElement | HTMLTextAreaElement
    // Typed before the app started, then one more key while it hydrates (which makes React
    // finish hydrating at once, then deliver the key).
    field('Your name').value = 'Robin Le'
    field('Message').value = 'Is there a fall season?'
    startTransition(() => {
      hydrateRoot(container, <ContactForm onSubmit={onSubmit} progressStorage={null} />)
    })
    field('Your name').value = 'Robin Lee'
    field('Your name').dispatchEvent(new Event('input', { bubbles: true }))
    await act(async () => {})
    expect(field('Your name').value).toBe('Robin Lee')
    expect(field('Message').value).toBe('Is there a fall season?')

    fireEvent.change(field('Email'), { target: { value: 'robin@example.org' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }))
    })
    expect(calls.at(-1)).toMatchObject({
      name: 'Robin Lee',
      email: 'robin@example.org',
      message: 'Is there a fall season?',
    })
    container.remove()
  })
})

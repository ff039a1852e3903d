// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { FormSenderProvider } from './form-sender-context.tsx'
import { lazyFormSender, useFormSender } from './form-sender.tsx'
import { EMPTY_FORM_VALUES, toSubmission } from './form-submission.ts'

afterEach(cleanup)

const submission = toSubmission('contact', { ...EMPTY_FORM_VALUES, name: 'Pat' })

describe('lazyFormSender', () => {
  it('should load once, on prepare, and send through what it loaded', async () => {
    let loads = 0
    const sender = lazyFormSender(async () => {
      loads++
      return { send: async () => ({ status: 'sent' }) }
    })
    expect(loads).toBe(0)
    sender.prepare()
    sender.prepare()
    expect(await sender.send(submission)).toEqual({ status: 'sent' })
    expect(loads).toBe(1)
  })

  it('should report a failed load as a network error and load again on the next send', async () => {
    let loads = 0
    const sender = lazyFormSender(async () => {
      loads++
      if (loads === 1) throw new Error('offline')
      return { send: async () => ({ status: 'sent' }) }
    })
    expect(await sender.send(submission)).toMatchObject({ status: 'network-error' })
    expect(await sender.send(submission)).toEqual({ status: 'sent' })
    expect(loads).toBe(2)
  })
})

describe('useFormSender', () => {
  function Probe() {
    const sender = useFormSender()
    const [outcome, setOutcome] = useState('')
    return (
      <button
        type="button"
        onClick={() => void sender.send(submission).then((result) => setOutcome(result.status))}
      >
        send {outcome}
      </button>
    )
  }

  it('should send through the provided loader, loading once, and without one say it cannot send', async () => {
    const { unmount } = render(<Probe />)
    fireEvent.click(screen.getByRole('button'))
    expect(await screen.findByRole('button', { name: 'send network-error' })).toBeTruthy()
    unmount()
    let loads = 0
    const load = async () => {
      loads++
      return { send: async () => ({ status: 'sent' }) as const }
    }
    render(
      <FormSenderProvider load={load}>
        <Probe />
      </FormSenderProvider>,
    )
    fireEvent.click(screen.getByRole('button'))
    expect(await screen.findByRole('button', { name: 'send sent' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button'))
    expect(loads).toBe(1)
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { createMemoryStorage } from '../../../test-utils/memory-storage.ts'
import type { FormSendResult, FormSubmission } from '../../forms/form-submission.ts'
import { FORM_PROGRESS_PREFIX } from './form-progress.ts'
import { RegistrationInterestForm } from './registration-interest-form.tsx'

afterEach(cleanup)

const PROGRAMS = [
  { slug: 'tee-ball', name: 'Tee Ball' },
  { slug: 'select', name: 'Select Baseball' },
]

const program = () => screen.getByLabelText('Program') as HTMLSelectElement

function recorder() {
  const calls: FormSubmission[] = []
  return {
    calls,
    onSubmit: async (submission: FormSubmission): Promise<FormSendResult> => {
      calls.push(submission)
      return { status: 'sent' }
    },
  }
}

describe('RegistrationInterestForm', () => {
  it('should offer every program after "Not sure yet" and preselect the requested one', () => {
    render(
      <RegistrationInterestForm
        programs={PROGRAMS}
        requestedProgram="select"
        onSubmit={recorder().onSubmit}
        progressStorage={null}
      />,
    )
    expect([...program().options].map((option) => option.text)).toEqual([
      'Not sure yet',
      'Tee Ball',
      'Select Baseball',
    ])
    expect(program().value).toBe('select')
  })

  it('should ignore a requested program it does not offer', () => {
    render(
      <RegistrationInterestForm
        programs={PROGRAMS}
        requestedProgram="<script>"
        onSubmit={recorder().onSubmit}
        progressStorage={null}
      />,
    )
    expect(program().value).toBe('')
  })

  it('should let the URL choose the program over the one in the kept progress', () => {
    const storage = createMemoryStorage({
      [`${FORM_PROGRESS_PREFIX}registration-interest`]: '{"name":"Sam","program":"select"}',
    })
    render(
      <RegistrationInterestForm
        programs={PROGRAMS}
        requestedProgram="tee-ball"
        onSubmit={recorder().onSubmit}
        progressStorage={storage}
      />,
    )
    expect(program().value).toBe('tee-ball')
    expect((screen.getByLabelText('Parent or guardian name') as HTMLInputElement).value).toBe('Sam')
  })

  it('should send the chosen program with an optional message and thank for that program', async () => {
    const submit = recorder()
    render(
      <RegistrationInterestForm
        programs={PROGRAMS}
        requestedProgram="tee-ball"
        onSubmit={submit.onSubmit}
        progressStorage={null}
      />,
    )
    fireEvent.change(screen.getByLabelText('Parent or guardian name'), {
      target: { value: 'Sam Guardian' },
    })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.org' } })
    expect(screen.getByLabelText('Anything we should know? (optional)').tagName).toBe('TEXTAREA')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Register interest' }))
    })
    expect(submit.calls).toEqual([
      {
        kind: 'registration-interest',
        name: 'Sam Guardian',
        email: 'sam@example.org',
        phone: null,
        message: '',
        program: 'tee-ball',
        website: '',
      },
    ])
    expect(screen.getByText('Thanks — we got your interest in Tee Ball.')).toBeTruthy()
  })
})

import { randomUUID } from 'node:crypto'

import type { Locator, Page } from '@playwright/test'

import { expect, test } from '../fixtures/test.ts'
import { axeViolations } from '../fixtures/axe.ts'

// The contact and registration-interest forms of /contact, against the real backend:
// what is sent is stored for staff and refused to anyone else, a failed send loses
// nothing, and the database's rate limit is shown in words.

type Row = { kind: string; name: string; email: string; message: string; program: string | null }

const contactForm = (page: Page) => page.getByRole('region', { name: 'Send us a message' })
const interestForm = (page: Page) => page.getByRole('region', { name: 'Register your interest' })

/** A unique address per test and project, so parallel runs never share a rate limit. */
const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@forms-e2e.example.test`

/**
 * The form can be sent once React owns it: its button turns from a plain button into a
 * submit. Hydration waits for the app's code, which on a busy machine takes a while.
 */
async function whenReady(form: Locator, button: string) {
  await expect(form.getByRole('button', { name: button })).toHaveAttribute('type', 'submit', {
    timeout: 20_000,
  })
}

async function fillContact(form: Locator, email: string, message: string) {
  await form.getByLabel('Your name').fill('Pat Parent')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone (optional)').fill('301 555 0100')
  await form.getByLabel('Message').fill(message)
}

test.describe('contact and registration-interest forms', () => {
  const sent: string[] = []

  test.afterEach(async ({ backend }) => {
    if (sent.length === 0) return
    const staff = await backend.staff()
    await staff.from('form_submissions').delete().in('email', sent.splice(0))
  })

  test('should store a sent message for staff and refuse it to an anonymous read', async ({
    page,
    backend,
  }) => {
    const email = address('contact')
    sent.push(email)
    const chunks: string[] = []
    page.on('request', (request) => chunks.push(new URL(request.url()).pathname))

    await page.goto('/contact')
    const form = contactForm(page)
    await whenReady(form, 'Send message')
    // The sending code loads on first focus, not with the page.
    expect(chunks.filter((path) => /form-submissions-[^/]*\.js$/.test(path))).toEqual([])
    await expect(form.locator('input[name="website"]')).toBeHidden()

    await fillContact(form, email, 'When do spring tryouts start?')
    await expect
      .poll(() => chunks.some((path) => /form-submissions-[^/]*\.js$/.test(path)))
      .toBe(true)
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByText('Thanks — we got your message.')).toBeVisible()
    await expect(form.getByText('Thanks — we got your message.')).toBeFocused()
    expect(await axeViolations(page, '#contact-form')).toEqual([])

    const staff = await backend.staff()
    const stored = await staff
      .from('form_submissions')
      .select('kind, name, email, message, program, phone, status')
      .eq('email', email)
    expect(stored.error).toBeNull()
    expect(stored.data).toEqual([
      {
        kind: 'contact',
        name: 'Pat Parent',
        email,
        message: 'When do spring tryouts start?',
        program: null,
        phone: '301 555 0100',
        status: 'new',
      },
    ])

    const anonymous = await backend.anon.from('form_submissions').select('*').eq('email', email)
    expect(anonymous.status).toBe(401)
    expect(anonymous.error?.code).toBe('42501')
    expect(anonymous.data).toBeNull()
    const member = await (
      await backend.member()
    )
      .from('form_submissions')
      .select('*')
      .eq('email', email)
    expect(member.data).toEqual([])
  })

  test('should preselect the program named in the URL and store the interest', async ({
    page,
    backend,
  }) => {
    const email = address('interest')
    sent.push(email)
    await page.goto('/contact?program=tee-ball#registration-interest')
    const form = interestForm(page)
    await expect(form).toBeInViewport()
    await whenReady(form, 'Register interest')
    await expect(form.getByLabel('Program')).toHaveValue('tee-ball')

    await form.getByLabel('Parent or guardian name').fill('Sam Guardian')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Anything we should know? (optional)').fill('Our player is five.')
    await form.getByRole('button', { name: 'Register interest' }).click()
    await expect(form.getByText('Thanks — we got your interest in Tee Ball.')).toBeVisible()

    const staff = await backend.staff()
    const { data } = await staff
      .from('form_submissions')
      .select('kind, name, email, message, program')
      .eq('email', email)
    expect(data as Row[]).toEqual([
      {
        kind: 'registration-interest',
        name: 'Sam Guardian',
        email,
        message: 'Our player is five.',
        program: 'tee-ball',
      },
    ])
  })

  test('should keep every typed value through a failed send and a reload, and send it on Retry', async ({
    page,
    backend,
  }) => {
    // Three page loads, each waiting for hydration.
    test.slow()
    const email = address('retry')
    sent.push(email)
    const message = 'Is there financial aid for fall ball?'
    await page.route('**/rest/v1/form_submissions*', (route) => route.abort('failed'))
    await page.goto('/contact')
    let form = contactForm(page)
    await whenReady(form, 'Send message')
    await fillContact(form, email, message)
    await form.getByRole('button', { name: 'Send message' }).click()

    const alert = form.getByRole('alert')
    await expect(alert).toContainText('Your message was not sent.')
    await expect(alert).toContainText("We could not reach the club's server.")
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeFocused()
    const expectKept = async () => {
      await expect(form.getByLabel('Your name')).toHaveValue('Pat Parent')
      await expect(form.getByLabel('Email')).toHaveValue(email)
      await expect(form.getByLabel('Phone (optional)')).toHaveValue('301 555 0100')
      await expect(form.getByLabel('Message')).toHaveValue(message)
    }
    await expectKept()
    expect(await axeViolations(page, '#contact-form')).toEqual([])

    // A reload keeps the form progress of this session.
    await page.reload()
    form = contactForm(page)
    await whenReady(form, 'Send message')
    await expectKept()
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByRole('alert')).toContainText('Your message was not sent.')

    await page.unroute('**/rest/v1/form_submissions*')
    await form.getByRole('button', { name: 'Retry' }).click()
    await expect(form.getByText('Thanks — we got your message.')).toBeVisible()
    const staff = await backend.staff()
    const { data } = await staff.from('form_submissions').select('message').eq('email', email)
    expect(data).toEqual([{ message }])

    // Sent, the form progress is gone: a reload shows an empty message box.
    await page.reload()
    form = contactForm(page)
    await whenReady(form, 'Send message')
    await expect(form.getByLabel('Message')).toHaveValue('')
  })

  test('should tell a sender over the limit when to try again, keeping the message', async ({
    page,
    backend,
  }) => {
    test.skip(
      test.info().project.name === 'phone',
      'the database’s limit does not depend on the screen: desktop project only',
    )
    const email = address('busy')
    sent.push(email)
    for (let i = 0; i < 3; i++) {
      const { error } = await backend.anon.from('form_submissions').insert({
        kind: 'contact',
        name: 'Pat Parent',
        email,
        message: `Message ${i + 1}`,
      })
      expect(error).toBeNull()
    }
    await page.goto('/contact')
    const form = contactForm(page)
    await whenReady(form, 'Send message')
    await fillContact(form, email, 'One more question.')
    await form.getByRole('button', { name: 'Send message' }).click()

    const alert = form.getByRole('alert')
    await expect(alert).toContainText('Please wait a little.')
    await expect(alert).toContainText(
      /You have sent several messages in the last few minutes\. Please try again in about (9|10) minutes\./,
    )
    await expect(form.getByLabel('Message')).toHaveValue('One more question.')
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible()
  })

  test('should show inline messages for what is missing and send nothing', async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/form_submissions'))
        posts.push(request.url())
    })
    await page.goto('/contact')
    const form = contactForm(page)
    await whenReady(form, 'Send message')
    await form.getByLabel('Email').fill('pat@')
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByLabel('Your name')).toBeFocused()
    await expect(form.getByText('Please enter your name.')).toBeVisible()
    await expect(
      form.getByText('Please enter an email address like name@example.com.'),
    ).toBeVisible()
    await expect(form.getByText('Please enter a message.')).toBeVisible()
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations(page, '#contact-form')).toEqual([])
    expect(posts).toEqual([])
  })
})

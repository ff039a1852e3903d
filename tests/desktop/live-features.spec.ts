import { randomUUID } from 'node:crypto'

import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

import { signIn } from '../fixtures/admin-session.ts'
import { describeSharedContent, expect, SEEDED_STAFF, test, type Stack } from '../fixtures/test.ts'
import { installFakeMain } from './fake-main.ts'
import { serveRenderer } from './renderer-server.ts'

/**
 * The live features of the desktop app (editors' presence, "saved by someone else", the
 * choice offered when a save meets unsaved changes) under the app's own Content-Security-
 * Policy: the built renderer is served with exactly the headers its app:// handler sends for
 * this backend, and edits beside the web site in a browser, on the same backend.
 */

let server: Awaited<ReturnType<typeof serveRenderer>>
/** A second staff member, who edits from a browser: a new account each time the hook runs. */
let colleague = { email: '', password: '', displayName: 'Robin Web' }

let stack: Stack

// The renderer talks to the backend of the tests that edit (their worker's own: see `stack`).
test.beforeAll(async ({ workerStack }) => {
  if (!workerStack) throw new Error('the desktop live features need their worker’s own stack')
  stack = workerStack
  colleague = {
    email: `web-editor-${randomUUID().slice(0, 8)}@club.test`,
    password: `pw-${randomUUID()}`,
    displayName: 'Robin Web',
  }
  server = await serveRenderer({ backendUrl: stack.backendUrl, siteUrl: stack.siteUrl })
  const service = createClient(stack.backendUrl, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const created = await service.auth.admin.createUser({
    email: colleague.email,
    password: colleague.password,
    email_confirm: true,
    user_metadata: { display_name: colleague.displayName },
  })
  if (created.error) throw created.error
  const staffed = await service.from('admin_users').insert({ user_id: created.data.user.id })
  if (staffed.error) throw staffed.error
})
test.afterAll(async () => {
  await server?.close()
})

const presence = (page: Page) => page.getByRole('region', { name: 'Other editors' })
const mainText = (page: Page) => page.getByRole('textbox', { name: 'Edit main text' })

/** The director signs in to the app and opens the in-place editor on Facilities. */
async function openFieldsEditor(
  page: Page,
  backend: { url: string; anonKey: string },
  siteUrl: string | undefined,
) {
  await installFakeMain(page, {
    settings: { backendUrl: backend.url, anonKey: backend.anonKey, siteUrl: siteUrl ?? '' },
  })
  await page.goto(`${server.url}/admin-login`)
  await page.getByLabel('Email').fill(SEEDED_STAFF.email)
  await page.getByLabel('Password').fill(SEEDED_STAFF.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/home$/)
  await page.goto(`${server.url}/admin/edit/fields`)
  await expect(mainText(page)).toBeVisible({ timeout: 15_000 })
}

/** Records every Content-Security-Policy refusal the page meets, from its first script on. */
async function recordPolicyRefusals(page: Page) {
  await page.addInitScript(() => {
    const refused: string[] = []
    Object.assign(window, { policyRefusals: refused })
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
  return () =>
    page.evaluate(() => (window as unknown as { policyRefusals: string[] }).policyRefusals)
}

// It edits field status: every test of the file runs in a worker with a backend and site of its
// own (the `workerStack` fixture), which the renderer talks to.
describeSharedContent('the desktop app beside the web site', () => {
  test('should send the policy the app sends: the backend, its Realtime socket and the site', () => {
    const backend = new URL(stack.backendUrl)
    expect(server.csp).toContain(`connect-src 'self' ${backend.origin} ws://${backend.host}`)
    expect(server.csp).toContain(`frame-src ${new URL(stack.siteUrl).origin}`)
  })

  test('should show editors to each other and offer the choice when a save meets unsaved work', async ({
    page,
    browser,
    backend,
    baseURL,
  }) => {
    // Two apps, two sign-ins and two editing views on a busy two-core machine.
    test.setTimeout(120_000)
    const refusals = await recordPolicyRefusals(page)
    await openFieldsEditor(page, backend, baseURL)

    const web = await (await browser.newContext({ baseURL })).newPage()
    try {
      await signIn(web, colleague, '/admin/edit/fields')
      await expect(mainText(web)).toBeVisible({ timeout: 15_000 })

      // Presence crosses over the Realtime socket the policy lets through.
      await expect(presence(page).getByRole('listitem')).toHaveText([/Robin Web$/], {
        timeout: 15_000,
      })
      await expect(presence(web).getByRole('listitem')).toHaveText([/Club Director$/], {
        timeout: 15_000,
      })

      // The director types; the colleague saves first.
      await mainText(page).click()
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type(`Mine ${randomUUID().slice(0, 6)}`)
      const theirs = `Theirs ${randomUUID().slice(0, 6)}`
      await mainText(web).click()
      await web.keyboard.press('ControlOrMeta+A')
      await web.keyboard.type(theirs)
      await web.keyboard.press('Enter')

      const choice = page.getByRole('alert').filter({ hasText: 'saved Field status' })
      await expect(choice).toContainText(/(Robin Web|web-editor-\S+) saved Field status/, {
        timeout: 15_000,
      })
      await expect(choice.getByRole('button', { name: 'Use theirs' })).toBeVisible()
      await choice.getByRole('button', { name: 'Use theirs' }).click()
      await expect(mainText(page)).toHaveText(theirs)
    } finally {
      await web.context().close()
    }
    // Nothing the app needed was refused by its own policy. (zod tries `new Function` once to
    // learn whether it may compile its parsers, and parses without when refused: expected.)
    expect((await refusals()).filter((refusal) => refusal !== 'script-src eval')).toEqual([])
  })

  test('should preview the published page at phone and tablet widths, and link to it', async ({
    page,
    backend,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const refusals = await recordPolicyRefusals(page)
    await openFieldsEditor(page, backend, baseURL)
    const site = new URL(baseURL ?? '').origin
    // "View live page" leaves the app for the published site (main opens it in the browser).
    await expect(page.getByRole('link', { name: /View live page/ })).toHaveAttribute(
      'href',
      `${site}/fields`,
    )
    for (const width of [390, 768]) {
      await page.getByRole('button', { name: new RegExp(`^(Phone|Tablet) ${width}$`) }).click()
      const frame = page.frameLocator(`iframe[title="Live page at ${width} px"]`)
      // The published page itself, framed from the site's origin under the app's frame-src.
      await expect(frame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 })
      expect(
        await page.locator(`iframe[title="Live page at ${width} px"]`).getAttribute('src'),
      ).toBe(`${site}/fields`)
    }
    expect((await refusals()).filter((refusal) => refusal !== 'script-src eval')).toEqual([])
  })

  test('should refuse what the policy does not name, so the check above means something', async ({
    page,
    backend,
    baseURL,
  }) => {
    const refusals = await recordPolicyRefusals(page)
    await installFakeMain(page, {
      settings: { backendUrl: backend.url, anonKey: backend.anonKey, siteUrl: baseURL ?? '' },
    })
    await page.goto(`${server.url}/admin-login`)
    await expect(page.getByLabel('Email')).toBeVisible()
    // A socket to another port of this machine is not the backend: refused by connect-src.
    await page.evaluate(() => {
      try {
        new WebSocket('ws://127.0.0.1:9/elsewhere')
      } catch {
        // Chromium may throw at once instead of reporting later; the report is what counts.
      }
    })
    await expect
      .poll(refusals)
      .toContainEqual(expect.stringMatching(/^connect-src ws:\/\/127\.0\.0\.1:9/))
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Browser, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import type { FieldsContent } from '@club/core/entities'
import { buildSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'
import type { SiteServer } from '@club/web/scripts/serve'

import { expect, SEEDED_STAFF, storeContent, test } from '../fixtures/test.ts'
import { axeViolations } from '../fixtures/axe.ts'
import { compiledSite } from '../support/compiled-site.ts'

// Realtime in the product: saves reach open public pages without a reload, editors of one page
// see each other and each other's saves, staff-only rows never reach anyone else, and without
// Realtime the pages still work and read again on focus.
//
// These tests save field status and add the staff-only tables to the publication, so they run
// against a backend and a build of their own: no other suite sees their saves.

const root = fileURLToPath(new URL('../..', import.meta.url))
const JORDAN = {
  email: 'jordan@club.local',
  password: 'jordan-edits-2026',
  displayName: 'Jordan Lee',
}

let backend: LocalSupabase
let site: SiteServer
let outDir = ''

test.describe.configure({ mode: 'serial', timeout: 120_000 })

// Playwright requires the object pattern even when no fixture is used.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000)
  backend = await startLocalSupabase({ projectRoot: root, port: 0, dataDir: null, log: () => {} })
  const service = client(backend.serviceRoleKey)
  const created = await service.auth.admin.createUser({
    email: JORDAN.email,
    password: JORDAN.password,
    email_confirm: true,
    user_metadata: { display_name: JORDAN.displayName },
  })
  if (created.error) throw created.error
  const staffed = await service.from('admin_users').insert({ user_id: created.data.user.id })
  if (staffed.error) throw staffed.error
  outDir = mkdtempSync(join(tmpdir(), 'club-web-realtime-'))
  site = await serveSite({ dir: outDir })
  await buildSite({
    compiled: compiledSite(),
    outDir,
    siteUrl: site.url,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
  })
})

test.afterAll(async () => {
  await site?.close()
  await backend?.stop()
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

/** A supabase-js client of this suite's backend, with no stored session. */
function client(key = backend.anonKey): SupabaseClient {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
}

async function signedIn(account: { email: string; password: string }) {
  const signed = client()
  const { error } = await signed.auth.signInWithPassword(account)
  if (error) throw error
  return signed
}

async function storedFields(reader: SupabaseClient) {
  const { data, error } = await reader
    .from('website_content')
    .select('value,version')
    .eq('key', 'fieldsContent')
    .maybeSingle()
  expect(error).toBeNull()
  return {
    value: (data?.value ?? DEFAULT_CONTENT.fieldsContent) as FieldsContent,
    version: Number(data?.version ?? 0),
  }
}

/** The stored fields document with the first field's status and reason set. */
async function withFirstField(reader: SupabaseClient, status: 'open' | 'closed', reason: string) {
  const { value } = await storedFields(reader)
  const [first, ...rest] = value.fields
  return {
    ...value,
    fields: [
      { ...first!, status, statusReason: reason, statusUpdatedAt: new Date().toISOString() },
      ...rest,
    ],
  }
}

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`

/**
 * Resolves once the page's Realtime subscription to its content is joined: the server's
 * reply to the join, as the websocket carries it. Call before the page loads.
 */
function contentFeedJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString()
        if (/content-feed/.test(text) && /phx_reply/.test(text) && /"ok"/.test(text)) resolve()
      })
    })
  })
}

/**
 * A browser context of its own (another staff member). Every address in this file is written
 * out in full: the `page` fixture's base address is the shared suites' site, not this one.
 */
async function newPage(browser: Browser, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({
    baseURL: site.url,
    ...(viewport ? { viewport } : {}),
  })
  return context.newPage()
}

async function signInThrough(page: Page, account: { email: string; password: string }) {
  await page.goto(`${site.url}/admin-login`)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/home$/, { timeout: 15_000 })
}

/** Signs `page` in and opens the fields page in edit mode, with presence joined. */
async function editFields(page: Page, account: { email: string; password: string }) {
  await signInThrough(page, account)
  await page.goto(`${site.url}/admin/edit/fields`)
  await expect(page.getByRole('textbox', { name: 'Edit main text' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(presence(page)).not.toContainText('Checking who else', { timeout: 10_000 })
}

const presence = (page: Page) => page.getByRole('region', { name: 'Other editors' })
const mainText = (page: Page) => page.getByRole('textbox', { name: 'Edit main text' })

test('should show a staff save on an open /fields page within 2 s, without a reload', async ({
  page,
}) => {
  test.skip(
    test.info().project.name === 'phone',
    'how fast a save reaches a visitor does not depend on the screen: desktop project only',
  )
  const staff = await signedIn(SEEDED_STAFF)
  const joined = contentFeedJoined(page)
  await page.goto(`${site.url}/fields`)
  await expect(page.locator('#field-status')).not.toContainText('checking for updates', {
    timeout: 15_000,
  })
  await joined
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))

  const reason = unique('Closed: lightning in the area')
  await storeContent(staff, 'fieldsContent', await withFirstField(staff, 'closed', reason))
  const saved = Date.now()
  await expect(page.locator('#field-status').getByText(reason)).toBeVisible({ timeout: 10_000 })
  console.log(`[realtime] save to visible on /fields: ${Date.now() - saved} ms`)

  // The same page, not a new one, and told politely what changed.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  const announcer = page.locator('[data-live-announcer]')
  await expect(announcer).toHaveAttribute('aria-live', 'polite')
  await expect(announcer).toHaveText('Field status updated')
})

test('should show two staff editing the same page to each other, and when one leaves', async ({
  page,
  browser,
  isMobile,
}) => {
  const jordanPage = await newPage(browser, isMobile ? { width: 390, height: 844 } : null)
  try {
    await editFields(page, SEEDED_STAFF)
    await editFields(jordanPage, JORDAN)

    await expect(presence(page).getByRole('listitem')).toHaveText(['JLJordan Lee'])
    await expect(presence(jordanPage).getByRole('listitem')).toHaveText(['CDClub Director'])
    await expect(presence(page)).toContainText('Also editing this page:')
    expect(await axeViolations(page, '.presence')).toEqual([])

    // In place too, each sees the field the other is in, and it is marked where it is.
    await mainText(jordanPage).click()
    await expect(presence(page).getByRole('listitem')).toHaveText([
      'JLJordan Lee typing in “main text”',
    ])
    await expect(page.locator('[data-others-in="Jordan Lee"]')).toHaveCount(1)
    await expect(mainText(page)).toHaveAttribute('data-others-in', 'Jordan Lee')
    // Out of the field, Jordan is still there, in no field.
    await jordanPage.keyboard.press('Escape')
    await jordanPage.getByRole('region', { name: 'Other editors' }).click()
    await expect(presence(page).getByRole('listitem')).toHaveText(['JLJordan Lee'])
    await expect(page.locator('[data-others-in]')).toHaveCount(0)

    // Editing another page, Jordan is no longer with them.
    await jordanPage.goto(`${site.url}/admin/edit/teams`)
    await expect(presence(page)).toContainText('No one else is editing this page.')
  } finally {
    await jordanPage.context().close()
  }
})

test('should show a save by another editor at once, and how long ago it was', async ({
  page,
  browser,
  isMobile,
}) => {
  const jordanPage = await newPage(browser, isMobile ? { width: 390, height: 844 } : null)
  try {
    await editFields(page, SEEDED_STAFF)
    await editFields(jordanPage, JORDAN)
    await expect(presence(page).getByRole('listitem')).toHaveText(['JLJordan Lee'])

    const text = unique('Fields open from 8 AM')
    const field = mainText(jordanPage)
    await field.click()
    await jordanPage.keyboard.press('ControlOrMeta+A')
    await jordanPage.keyboard.type(text)
    await jordanPage.keyboard.press('Enter')

    const saves = presence(page).getByRole('list', { name: 'Saves by others' })
    await expect(saves.getByRole('listitem')).toHaveText(
      /^Jordan Lee saved Field status (just now|\d s ago)$/,
      { timeout: 10_000 },
    )
    await expect(mainText(page)).toHaveText(text)
    await expect(presence(page).getByRole('status')).toHaveText('Jordan Lee saved Field status')
    // It keeps counting.
    await expect(saves.getByRole('listitem')).toHaveText(/saved Field status [2-9] s ago$/, {
      timeout: 10_000,
    })
  } finally {
    await jordanPage.context().close()
  }
})

test('should offer the choice at once when someone saves a document with my unsaved changes', async ({
  page,
}) => {
  const jordan = await signedIn(JORDAN)
  await editFields(page, SEEDED_STAFF)

  const conflicts: string[] = []
  page.on('response', (response) => {
    if (response.status() === 409) conflicts.push(response.url())
  })
  // My save cannot reach the backend: it is kept on this device, unsaved.
  let blocked = true
  let refused = 0
  await page.route(/\/rest\/v1\/website_content/, (route) => {
    if (!blocked || route.request().method() !== 'POST') return route.fallback()
    refused += 1
    return route.abort('connectionrefused')
  })
  const mine = unique('Mine: gates open at 9')
  await mainText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(mine)
  await page.keyboard.press('Enter')
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(0)

  const theirs = unique('Theirs: gates open at 10')
  const theirVersion = await storeContent(jordan, 'fieldsContent', {
    ...(await storedFields(jordan)).value,
    mainText: theirs,
  })
  // My kept save is merged into theirs as it arrives: the field we both changed asks at once.
  // Jordan is not on this page: the history names the saver, by email.
  const choice = page.getByRole('dialog', {
    name: 'Someone else changed a field of Field status you changed',
  })
  await expect(choice).toBeVisible({ timeout: 10_000 })
  await expect(choice).toContainText(`${JORDAN.email} saved Field status`)
  await expect(choice.getByText(mine)).toBeVisible()
  await expect(choice.getByText(theirs)).toBeVisible()
  // Still mine on the page until I choose (behind the modal dialog, out of the accessibility
  // tree meanwhile, so found by its label).
  await expect(page.locator('[aria-label="Edit main text"]')).toHaveText(mine)
  expect(await axeViolations(page, '.field-conflicts')).toEqual([])

  // Chosen while the saves still cannot get through: the merge already names their version.
  await choice.getByRole('radio', { name: 'Keep mine' }).check()
  await choice.getByRole('button', { name: 'Save my choices' }).click()
  await expect(choice).toBeHidden()
  blocked = false
  // Sent naming their version, so it is stored on top of it, without a conflict.
  await expect
    .poll(async () => await storedFields(jordan), { timeout: 10_000 })
    .toEqual({ value: expect.objectContaining({ mainText: mine }), version: theirVersion + 1 })
  expect(conflicts).toEqual([])
})

test('should let me drop what I am typing for a save that arrives meanwhile', async ({ page }) => {
  test.skip(
    test.info().project.name === 'phone',
    'the choice’s outcome does not depend on the screen (the phone’s layout of it: the test before): desktop project only',
  )
  const jordan = await signedIn(JORDAN)
  await editFields(page, SEEDED_STAFF)

  await mainText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(unique('Half typed'))
  const theirs = unique('Theirs: all fields closed')
  const version = await storeContent(jordan, 'fieldsContent', {
    ...(await storedFields(jordan)).value,
    mainText: theirs,
  })

  const choice = page.getByRole('alert').filter({ hasText: 'saved Field status' })
  await expect(choice).toContainText('while you were changing it', { timeout: 10_000 })
  await expect(choice).toContainText(`${JORDAN.email} saved Field status`)
  // Choosing does not take focus from the field: nothing is committed by the click.
  await choice.getByRole('button', { name: 'Use theirs' }).click()
  await expect(choice).toBeHidden()
  await expect(mainText(page)).toHaveText(theirs)
  // Nothing was saved by choosing: the next edit I commit is the very next version.
  const next = unique('Mine, afterwards')
  await mainText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(next)
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await storedFields(jordan)).value.mainText).toBe(next)
  expect((await storedFields(jordan)).version).toBe(version + 1)
})

test('should never deliver a staff-only row to a visitor or a non-staff user, while staff receive it', async () => {
  test.skip(
    test.info().project.name === 'phone',
    'who receives which rows does not depend on the screen: desktop project only',
  )
  // Published here on purpose (the migration does not): row-level security alone must decide.
  await backend.db.pg.exec(
    'alter publication supabase_realtime add table public.content_revisions, public.form_submissions',
  )
  const member = client()
  const signedUp = await member.auth.signUp({
    email: `member-${Date.now()}@example.test`,
    password: 'member-password-1',
  })
  expect(signedUp.error).toBeNull()
  const listeners = {
    visitor: client(),
    member,
    staff: await signedIn(SEEDED_STAFF),
  }
  const received: Record<string, string[]> = { visitor: [], member: [], staff: [] }
  try {
    for (const [who, listener] of Object.entries(listeners)) {
      await new Promise<void>((resolve, reject) => {
        listener
          .channel(`staff-only-${who}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'content_revisions' },
            () => received[who]!.push('content_revisions'),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'form_submissions' }, () =>
            received[who]!.push('form_submissions'),
          )
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'website_content' },
            (change) =>
              received[who]!.push(`website_content:${(change.new as { key?: string }).key ?? ''}`),
          )
          .subscribe((status, error) =>
            status === 'SUBSCRIBED'
              ? resolve()
              : reject(new Error(`${who}: ${status} ${error?.message ?? ''}`)),
          )
      })
    }
    await storeContent(listeners.staff, 'fieldsContent', {
      ...(await storedFields(listeners.staff)).value,
      mainText: unique('A revision is kept'),
    })
    const sent = await client()
      .from('form_submissions')
      .insert({
        kind: 'contact',
        name: 'Pat Visitor',
        email: `pat-${Date.now()}@example.test`,
        message: 'Is the field open?',
        website: '',
      })
    expect(sent.error).toBeNull()

    // A staff-only document changes, then a public one. Changes go out in commit order: once
    // the public one has reached the visitor and the member, anything else would have too.
    await storeContent(listeners.staff, 'adminProfile', {
      displayName: 'Director',
      email: 'director@club.test',
      phone: unique('555'),
    })
    const closing = unique('Last word')
    await storeContent(listeners.staff, 'fieldsContent', {
      ...(await storedFields(listeners.staff)).value,
      mainText: closing,
    })
    await expect
      .poll(() => [...new Set(received.staff)].sort(), { timeout: 10_000 })
      .toEqual([
        'content_revisions',
        'form_submissions',
        'website_content:adminProfile',
        'website_content:fieldsContent',
      ])
    for (const who of ['visitor', 'member'] as const) {
      await expect
        .poll(() => received[who]!.filter((row) => row === 'website_content:fieldsContent'), {
          timeout: 10_000,
        })
        .toHaveLength(2)
      expect(received[who]).toEqual([
        'website_content:fieldsContent',
        'website_content:fieldsContent',
      ])
    }
  } finally {
    await Promise.all(Object.values(listeners).map((listener) => listener.removeAllChannels()))
  }
})

test('should keep working with the Realtime endpoint unreachable, and read again on focus', async ({
  page,
}) => {
  test.skip(
    test.info().project.name === 'phone',
    'falling back to reads does not depend on the screen: desktop project only',
  )
  const staff = await signedIn(SEEDED_STAFF)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const attempts: string[] = []
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    attempts.push(socket.url())
    void socket.close({ code: 1011, reason: 'unreachable' })
  })
  await page.goto(`${site.url}/fields`)
  await expect(page.locator('#field-status')).not.toContainText('checking for updates', {
    timeout: 15_000,
  })
  await expect.poll(() => attempts.length, { timeout: 15_000 }).toBeGreaterThan(0)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))

  // A second visitor's page, with Realtime, shows when the save has been delivered.
  const witness = await page.context().newPage()
  await witness.goto(`${site.url}/fields`)
  await expect(witness.locator('#field-status')).not.toContainText('checking for updates', {
    timeout: 15_000,
  })

  const reason = unique('Closed: wet grounds')
  await storeContent(staff, 'fieldsContent', await withFirstField(staff, 'closed', reason))
  await expect(witness.locator('#field-status').getByText(reason)).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('#field-status').getByText(reason)).toHaveCount(0)
  await witness.close()

  // Coming back to the window reads the shown documents again.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(page.locator('#field-status').getByText(reason)).toBeVisible({ timeout: 5_000 })
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await expect(page.locator('[data-live-announcer]')).toHaveText('Field status updated')

  // The rest of the site works as ever.
  await page.goto(`${site.url}/live-updates`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(errors).toEqual([])
})

import type { SupabaseClient } from '@supabase/supabase-js'

import { describeSharedContent, expect, SEEDED_STAFF, test } from '../fixtures/test.ts'
import { callsTo, emitFromMain, installFakeMain } from './fake-main.ts'
import { serveRenderer } from './renderer-server.ts'

/**
 * The native Edit menu's Undo and Redo reach the in-place editor: the desktop renderer, built,
 * in Chromium, signed in as staff against the real local backend, with a fake main sending the
 * menu's commands as main's menu does (`menu:command`).
 */

let server: Awaited<ReturnType<typeof serveRenderer>>

// The renderer talks to the backend of the tests that edit (their worker's own: see `stack`).
test.beforeAll(async ({ workerStack }) => {
  if (!workerStack) throw new Error('the Edit menu suite needs its worker’s own stack')
  server = await serveRenderer({
    backendUrl: workerStack.backendUrl,
    siteUrl: workerStack.siteUrl,
  })
})
test.afterAll(async () => {
  // Unset when the worker's stack did not start in time.
  await (server as typeof server | undefined)?.close()
})

/** The first Legacy and Impact figure's label as stored. */
async function storedLabel(anon: SupabaseClient): Promise<string | undefined> {
  const { data, error } = await anon
    .from('website_content')
    .select('value')
    .eq('key', 'legacyStats')
    .maybeSingle()
  if (error) throw error
  return (data?.value as { label: string }[] | undefined)?.[0]?.label
}

// It saves the home page's figures: it talks to its worker's own backend and site (`stack`).
describeSharedContent('the Edit menu', () => {
  test('should undo and redo an edit from the Edit menu, and leave typing to the field', async ({
    page,
    backend,
    baseURL,
  }) => {
    await installFakeMain(page, {
      settings: { backendUrl: backend.url, anonKey: backend.anonKey, siteUrl: baseURL ?? '' },
    })
    await page.goto(`${server.url}/admin-login`)
    await page.getByLabel('Email').fill(SEEDED_STAFF.email)
    await page.getByLabel('Password').fill(SEEDED_STAFF.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin\/home$/)
    await page.goto(`${server.url}/admin/edit`)

    const label = page.getByRole('textbox', { name: 'Edit legacy stats item 1 label' })
    const original = (await label.textContent()) ?? ''
    // The native menu's state, as the renderer last reported it to main.
    const menuState = async () => (await callsTo(page, 'menu:state')).at(-1)?.args[0]
    const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await expect.poll(menuState).toEqual({ canUndo: false, canRedo: false, signedIn: true })
    const typed = `Seasons played ${Date.now().toString(36)}`
    await label.click()
    await label.press('ControlOrMeta+A')
    await label.pressSequentially(typed)
    await label.press('Enter')
    await expect.poll(() => storedLabel(backend.anon)).toBe(typed)
    await blur()
    await expect.poll(menuState).toEqual({ canUndo: true, canRedo: false, signedIn: true })

    await emitFromMain(page, 'menu:command', 'undo')
    await expect(label).toHaveText(original)
    await expect.poll(() => storedLabel(backend.anon)).toBe(original)
    await blur()
    await expect.poll(menuState).toEqual({ canUndo: false, canRedo: true, signedIn: true })

    await emitFromMain(page, 'menu:command', 'redo')
    await expect(label).toHaveText(typed)
    await expect.poll(() => storedLabel(backend.anon)).toBe(typed)

    // While a field is being typed in, Undo takes back the letters typed, not the last save. The
    // browser groups typed letters into undo steps by the time between them, so a slow machine
    // may need a step or two more: each takes back letters, never what was saved.
    await label.click()
    // The end of the text, not of the line the click landed on (a label may wrap).
    await label.press('ControlOrMeta+End')
    await label.pressSequentially(' extra')
    await expect(label).toHaveText(`${typed} extra`)
    for (let step = 0; step < 6 && (await label.textContent()) !== typed; step++) {
      const before = (await label.textContent()) ?? ''
      await emitFromMain(page, 'menu:command', 'undo')
      await expect(label).not.toHaveText(before)
      expect((await label.textContent()) ?? '').toMatch(new RegExp(`^${typed}`))
    }
    await expect(label).toHaveText(typed)
    expect(await storedLabel(backend.anon)).toBe(typed)

    // Leave the document as it was.
    await label.press('Escape')
    await emitFromMain(page, 'menu:command', 'undo')
    await expect.poll(() => storedLabel(backend.anon)).toBe(original)
  })
})

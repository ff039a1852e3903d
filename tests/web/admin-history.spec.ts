import type { Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import type {
  AboutContent,
  FieldsContent,
  QuickLink,
  RulesAndFaqContent,
} from '@club/core/entities'

import { describeSharedContent, expect, storeContent, test } from '../fixtures/test.ts'
import { notice, openAsStaff } from '../fixtures/admin-session.ts'
import { axeViolations } from '../fixtures/axe.ts'

// Undo and redo in edit mode, the history screen with restore, and a save conflict between two
// staff browsers, against the real backend: every step is checked where it is stored.

/** A few words no other test writes, so what is seen can only come from this run. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** The edit bar's status (spec §4: saving, then "Content Saved!"). */
const editBarStatus = (page: Page) =>
  page.getByRole('region', { name: 'Edit bar' }).getByRole('status').first()

/** Types `text` in place into an editable text, Enter to commit, and waits until it is saved. */
async function typeInPlace(page: Page, field: Locator, text: string) {
  await field.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
  await expect(editBarStatus(page)).toContainText('Content Saved!', { timeout: 15_000 })
}

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** The stored document and version of `key`, read over the backend client. */
async function stored<T>(client: SupabaseClient, key: string) {
  const { data, error } = await client
    .from('website_content')
    .select('value,version')
    .eq('key', key)
    .maybeSingle()
  expect(error).toBeNull()
  return { value: data?.value as T | undefined, version: Number(data?.version ?? 0) }
}

/** The versions `content_revisions` keeps for `key` (staff only), with their documents. */
async function revisions<T>(client: SupabaseClient, key: string) {
  const { data, error } = await client
    .from('content_revisions')
    .select('version,value,saved_by_email')
    .eq('key', key)
    .order('version', { ascending: true })
  expect(error).toBeNull()
  return (data ?? []) as { version: number; value: T; saved_by_email: string | null }[]
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([])
}

const editBar = (page: Page) => page.getByRole('region', { name: 'Edit bar' })

describeSharedContent('undo and redo in edit mode', () => {
  test('should undo and redo an edit from the keyboard and the buttons, saving each step', async ({
    page,
    backend,
  }) => {
    const staff = await backend.staff()
    const start = await stored<RulesAndFaqContent>(staff, 'rulesAndFaqContent')
    const original = (start.value ?? DEFAULT_CONTENT.rulesAndFaqContent).weatherPolicy.intro
    const intro = () =>
      stored<RulesAndFaqContent>(staff, 'rulesAndFaqContent').then(({ value, version }) => ({
        intro: value?.weatherPolicy.intro,
        version,
      }))

    await page.setViewportSize(DESKTOP)
    await openAsStaff(page, '/admin/edit/weather-policy')
    const field = page.getByRole('textbox', { name: 'Edit weather policy intro' })
    await expect(field).toHaveText(original)
    const undo = editBar(page).getByRole('button', { name: /^Undo/ })
    const redo = editBar(page).getByRole('button', { name: /^Redo/ })
    await expect(undo).toHaveAttribute('aria-disabled', 'true')

    const text = unique('Safety first, then baseball')
    await typeInPlace(page, field, text)
    const edited = await intro()
    expect(edited.intro).toBe(text)

    // Enter left the field, so the keys reach the editor rather than the field's own undo.
    await page.keyboard.press('ControlOrMeta+Z')
    await expect.poll(intro).toEqual({ intro: original, version: edited.version + 1 })
    await expect(field).toHaveText(original)

    await page.keyboard.press('ControlOrMeta+Shift+Z')
    await expect.poll(intro).toEqual({ intro: text, version: edited.version + 2 })
    await expect(field).toHaveText(text)

    await undo.click()
    await expect.poll(intro).toEqual({ intro: original, version: edited.version + 3 })
    await expect(redo).toHaveAttribute('aria-disabled', 'false')
    await redo.click()
    await expect.poll(intro).toEqual({ intro: text, version: edited.version + 4 })
    await expect(redo).toHaveAttribute('aria-disabled', 'true')
    await expect(editBarStatus(page)).toContainText('Content Saved!')

    // Every step is a version of its own in the history, none of them lost.
    const kept = await revisions<RulesAndFaqContent>(staff, 'rulesAndFaqContent')
    expect(
      kept
        .filter((revision) => revision.version >= edited.version)
        .map((revision) => [revision.version, revision.value.weatherPolicy.intro]),
    ).toEqual([
      [edited.version, text],
      [edited.version + 1, original],
      [edited.version + 2, text],
      [edited.version + 3, original],
      [edited.version + 4, text],
    ])

    // The edit bar's History lists what the page shows, and opens its history.
    await editBar(page).getByRole('button', { name: 'History' }).click()
    await editBar(page).getByRole('link', { name: 'Rules, FAQ & weather policy history' }).click()
    await expect(page).toHaveURL(/\/admin\/history\/rulesAndFaqContent$/)
    const versions = page.getByRole('list', { name: 'Versions of Rules, FAQ & weather policy' })
    await expect(versions.getByRole('listitem').first()).toContainText(
      `Version ${edited.version + 4}`,
    )
    await expect(versions.getByRole('listitem').first()).toContainText('staff@club.local')
  })
})

describeSharedContent('history', () => {
  test('should say so plainly for content that does not exist', async ({ page }) => {
    await openAsStaff(page, '/admin/history/noSuchKey')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such content')
    await expect(page.getByRole('alert')).toHaveText(
      'There is no content called “noSuchKey”, so it has no history.',
    )
    await expectNoAxeViolations(page)
  })
})

describeSharedContent('restoring a version', () => {
  test('should compare an old version and restore it as a new one, keeping every version', async ({
    page,
    backend,
  }) => {
    const staff = await backend.staff()
    const current =
      (await stored<QuickLink[]>(staff, 'quickLinks')).value ?? DEFAULT_CONTENT.quickLinks
    const first = current[0]!
    const withDescription = (description: string) => [
      { ...first, description },
      ...current.slice(1),
    ]
    const oldText = unique('Sign up for spring ball')
    const newText = unique('Register today for fall ball')
    const older = await storeContent(staff, 'quickLinks', withDescription(oldText))
    const newer = await storeContent(staff, 'quickLinks', withDescription(newText))

    // The admin home's recent saves link to the history of each key.
    await page.setViewportSize(DESKTOP)
    await openAsStaff(page, '/admin/home')
    await page
      .getByRole('region', { name: 'Recent saves' })
      .getByRole('link', { name: 'Quick links history' })
      .first()
      .click()
    await expect(page).toHaveURL(/\/admin\/history\/quickLinks$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History: Quick links')

    const versions = page.getByRole('list', { name: 'Versions of Quick links' })
    const item = (version: number) =>
      versions.getByRole('listitem').filter({ hasText: `Version ${version}` })
    await expect(versions.getByRole('listitem').first()).toContainText(`Version ${newer}`)
    await expect(versions.getByRole('listitem').first()).toContainText('Current')
    await item(older)
      .getByRole('button', { name: /Compare with current/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/history/quickLinks\\?version=${older}$`))

    // Readable: the field is named by its item and label, with words struck and added.
    const changes = page.getByRole('list', {
      name: `Changes from version ${older} to the current version`,
    })
    const change = changes.getByRole('listitem').filter({ hasText: 'Description' })
    await expect(change).toContainText(`“${first.label}” › Description`)
    await expect(change.locator('del').first()).toHaveText('[removed: Sign up]')
    await expect(change.locator('ins').first()).toHaveText('[added: Register today]')
    await expect(changes).not.toContainText('{')

    await expectNoAxeViolations(page)
    await page.setViewportSize(PHONE)
    await expect(changes).toBeVisible()
    await expectNoAxeViolations(page)
    await page.setViewportSize(DESKTOP)

    const restore = page.getByRole('button', { name: `Restore version ${older}` })
    const dialog = page.getByRole('dialog', { name: `Restore version ${older} of Quick links?` })
    // Cancelling changes nothing and puts focus back where it was.
    await restore.click()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(restore).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog).toContainText('Nothing is deleted')
    await dialog.getByRole('button', { name: 'Restore' }).click()
    const result = page.getByRole('status').filter({ hasText: 'Content Saved!' })
    await expect(result).toContainText(`Version ${older} of Quick links is live again`)

    // A new version on top; the two before it are still there.
    await expect
      .poll(async () => (await stored<QuickLink[]>(staff, 'quickLinks')).version)
      .toBe(newer + 1)
    const restored = await stored<QuickLink[]>(staff, 'quickLinks')
    expect(restored.value?.[0]?.description).toBe(oldText)
    await expect(versions.getByRole('listitem').first()).toContainText(`Version ${newer + 1}`)
    await expect(item(newer)).toBeVisible()
    await expect(item(older)).toBeVisible()
    const kept = await revisions<QuickLink[]>(staff, 'quickLinks')
    expect(
      kept
        .filter((revision) => revision.version >= older)
        .map((revision) => [revision.version, revision.value[0]?.description]),
    ).toEqual([
      [older, oldText],
      [newer, newText],
      [newer + 1, oldText],
    ])
  })
})

describeSharedContent('two staff editing the same document', () => {
  test('should name who saved first, show both versions, and keep both on keeping mine', async ({
    page: first,
    browser,
    backend,
    baseURL,
  }) => {
    const staff = await backend.staff()
    const start = await stored<FieldsContent>(staff, 'fieldsContent')
    const original = (start.value ?? DEFAULT_CONTENT.fieldsContent).mainText
    const theirs = unique('Fields open at dawn')
    const mine = unique('Fields open at noon')

    const secondContext = await browser.newContext({ baseURL })
    const second = await secondContext.newPage()
    try {
      for (const page of [first, second]) {
        await page.setViewportSize(DESKTOP)
        await openAsStaff(page, '/admin/edit/fields')
        await expect(page.getByRole('textbox', { name: 'Edit main text' })).toHaveText(original)
      }

      // Both save at nearly the same moment: the second browser's save is held on its way until
      // the first one's is stored, so it arrives naming a version that is no longer current.
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      let held = false
      await second.route(/\/rest\/v1\/website_content/, async (route) => {
        if (route.request().method() === 'POST' && !held) {
          held = true
          await gate
        }
        await route.fallback()
      })
      const secondField = second.getByRole('textbox', { name: 'Edit main text' })
      await secondField.click()
      await second.keyboard.press('ControlOrMeta+A')
      await second.keyboard.type(mine)
      await second.keyboard.press('Enter')
      await expect.poll(() => held).toBe(true)

      await typeInPlace(first, first.getByRole('textbox', { name: 'Edit main text' }), theirs)
      const theirVersion = (await stored<FieldsContent>(staff, 'fieldsContent')).version
      release()

      // The field both changed: a dialog naming who saved (the same account, in the other
      // window), with both versions.
      const dialog = second.getByRole('dialog', {
        name: 'You, in another window, changed a field of Field status that you changed here',
      })
      await expect(dialog).toContainText('You saved Field status in another window')
      await expect(dialog.getByText(theirs)).toBeVisible()
      await expect(dialog.getByText(mine)).toBeVisible()
      await expectNoAxeViolations(second)
      // Put off, it stays offered in the edit bar, which opens it again.
      await second.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await editBar(second).getByRole('button', { name: 'Choose what to keep' }).click()
      await expect(dialog).toBeVisible()

      await dialog.getByRole('radio', { name: 'Keep mine' }).check()
      await dialog.getByRole('button', { name: 'Save my choices' }).click()
      await expect(dialog).toBeHidden()
      await expect(editBarStatus(second)).toContainText('Content Saved!', { timeout: 15_000 })

      // Nothing lost: theirs and mine are both versions in the history, mine on top.
      const now = await stored<FieldsContent>(staff, 'fieldsContent')
      expect(now).toEqual({
        value: expect.objectContaining({ mainText: mine }),
        version: theirVersion + 1,
      })
      const kept = await revisions<FieldsContent>(staff, 'fieldsContent')
      expect(
        kept
          .filter((revision) => revision.version >= theirVersion)
          .map((revision) => [revision.version, revision.value.mainText, revision.saved_by_email]),
      ).toEqual([
        [theirVersion, theirs, 'staff@club.local'],
        [theirVersion + 1, mine, 'staff@club.local'],
      ])
    } finally {
      await secondContext.close()
    }
  })
})

describeSharedContent('history before the first save', () => {
  test('should undo the first save of the About page from history, back to the text before it', async ({
    page,
    backend,
  }) => {
    const staff = await backend.staff()
    // The About page as a new site has it: nothing stored, the built-in text on the page.
    const removed = await staff.from('website_content').delete().eq('key', 'aboutContent')
    expect(removed.error).toBeNull()
    const [before, rest] = DEFAULT_CONTENT.aboutContent.sections[0]!.body

    await page.setViewportSize(DESKTOP)
    await openAsStaff(page, '/admin/edit/about-editor')
    const text = page.getByRole('textbox', { name: 'Text of section 1' })
    await expect(text).toHaveValue(`${before}\n\n${rest}`)
    // A mistaken edit of a few words of the first paragraph.
    const mistake = before!.replace('a group of parents', unique('some neighbors'))
    expect(mistake).not.toBe(before)
    await text.fill(`${mistake}\n\n${rest}`)
    await page.getByRole('button', { name: 'Save About page' }).click()
    await expect(notice(page, 'Content Saved!')).toBeVisible({ timeout: 15_000 })
    await expect
      .poll(
        async () => (await stored<AboutContent>(staff, 'aboutContent')).value?.sections[0]?.body[0],
      )
      .toBe(mistake)

    // The history has the text from before the first save as a version of its own.
    await page.getByRole('link', { name: 'About page history' }).first().click()
    const versions = page.getByRole('list', { name: /^Versions of About/ })
    const first = versions.getByRole('listitem').first()
    await expect(first).toContainText('Current')
    // Its note names what changed, in the screen's own words.
    await expect(first).toContainText('About › Our History: first paragraph changed')
    // Saved a moment ago, as its time says (versions that share a minute show their seconds:
    // versionTimes' unit test, in first-save-history.test.ts).
    const savedAt = Date.parse((await first.locator('time').getAttribute('datetime')) ?? '')
    expect(Date.now() - savedAt).toBeLessThan(5 * 60_000)
    const original = versions
      .getByRole('listitem')
      .filter({ hasText: 'As it was before the first save' })
    await expect(original).toHaveCount(1)
    await original.getByRole('button', { name: /Compare with current/ }).click()

    // The changed paragraph word by word: the words struck and added, the rest as it was.
    const changes = page.getByRole('list', { name: /^Changes from version \d+ to the current/ })
    await expect(changes.locator('del').first()).toBeVisible()
    await expect(changes.locator('ins').first()).toBeVisible()
    await expect(changes).not.toContainText(rest!)

    const restore = page.getByRole('button', { name: /^Restore version \d+$/ }).first()
    await restore.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click()
    // The history's own result (the notices' toast says "Content Saved!" too).
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /Content Saved!.*Version \d+ of .* is live again/ }),
    ).toBeVisible({ timeout: 15_000 })
    // The page's text is back to what it was before the first save.
    await expect
      .poll(
        async () => (await stored<AboutContent>(staff, 'aboutContent')).value?.sections[0]?.body,
      )
      .toEqual([before, rest])
  })
})

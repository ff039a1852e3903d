import { DEFAULT_CONTENT } from '@club/core/defaults'
import { STAFF_ONLY_KEYS } from '@club/core/entities'

import { describeSharedContent, expect, storeContent, test } from '../fixtures/test.ts'

describeSharedContent('the web app reads content through supabase-js from the backend', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'reads and row-level security do not depend on the screen: desktop project only',
  )
  test('should show a value that a staff user stored in place of the default', async ({
    page,
    backend,
  }) => {
    const staff = await backend.staff()
    const { data } = await backend.anon
      .from('website_content')
      .select('value')
      .eq('key', 'aboutContent')
      .maybeSingle()
    const about =
      (data?.value as Record<string, unknown> | undefined) ?? DEFAULT_CONTENT.aboutContent
    const title = `Our story, told by the club ${Date.now()}`
    const version = await storeContent(staff, 'aboutContent', {
      ...about,
      sections: DEFAULT_CONTENT.aboutContent.sections.map((section, i) =>
        i === 0 ? { ...section, title } : section,
      ),
    })
    expect(version).toBeGreaterThan(0)

    await page.goto('/about')
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
  })

  test("should never ask for, or receive, a staff-only document in a visitor's browser", async ({
    page,
    backend,
  }) => {
    const staff = await backend.staff()
    const marker = `private-${Date.now()}`
    const profile = { displayName: 'Director', email: `${marker}@club.test`, phone: '555-0100' }
    const before = await staff
      .from('website_content')
      .select('value')
      .eq('key', 'adminProfile')
      .maybeSingle()
    await storeContent(staff, 'adminProfile', profile)
    try {
      const reads: { url: string; body: string }[] = []
      page.on('response', async (response) => {
        if (!response.url().includes('/rest/v1/website_content')) return
        reads.push({ url: decodeURIComponent(response.url()), body: await response.text() })
      })
      const background = page.waitForResponse(
        (response) =>
          response.url().includes('/rest/v1/website_content') &&
          // /about's background read carries its own document (the page's own keys only).
          decodeURIComponent(response.url()).includes('aboutContent'),
      )
      await page.goto('/about')
      await background
      // Both reads arrived: the vital and the background one.
      await expect.poll(() => reads.length).toBeGreaterThanOrEqual(2)
      for (const read of reads) {
        for (const key of STAFF_ONLY_KEYS) expect(read.url).not.toContain(key)
        expect(read.body).not.toContain(marker)
      }
      // Even asked for on purpose, with the same public key, the database answers nothing.
      const forced = await backend.anon
        .from('website_content')
        .select('key, value')
        .in('key', [...STAFF_ONLY_KEYS])
      expect(forced.error).toBeNull()
      expect(forced.data).toEqual([])
    } finally {
      await storeContent(
        staff,
        'adminProfile',
        (before.data?.value as typeof profile | undefined) ?? DEFAULT_CONTENT.adminProfile,
      )
    }
  })

  test('should refuse an anonymous visitor writing content', async ({ page, backend }) => {
    const result = await backend.anon
      .from('website_content')
      .upsert({ key: 'content', value: { hero: { title: 'defaced' } }, base_version: 0 })
    expect(result.status).toBe(401)
    expect(result.error?.code).toBe('42501')

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('defaced')
  })

  test('should refuse a signed-up member who is not staff', async ({ backend }) => {
    const member = await backend.member()
    const result = await member
      .from('website_content')
      .upsert({ key: 'alerts', value: [], base_version: 0 })
    expect(result.status).toBe(403)
    expect(result.error?.code).toBe('42501')
  })
})

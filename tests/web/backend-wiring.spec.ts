import { DEFAULT_CONTENT } from '@club/core/defaults'

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

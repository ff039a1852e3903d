import { expect, storeContent, test } from '../fixtures/test.ts'

test.describe('the web app reads content through supabase-js from the backend', () => {
  test('should show a value that a staff user stored', async ({ page, backend }) => {
    const staff = await backend.staff()
    const title = `Spring tryouts open ${Date.now()}`
    const version = await storeContent(staff, 'content', { hero: { title } })
    expect(version).toBeGreaterThan(0)

    await page.goto('/')
    await expect(page.getByTestId('stored-hero-title')).toHaveText(title)
  })

  test('should refuse an anonymous visitor writing content', async ({ page, backend }) => {
    const result = await backend.anon
      .from('website_content')
      .upsert({ key: 'content', value: { hero: { title: 'defaced' } }, base_version: 0 })
    expect(result.status).toBe(401)
    expect(result.error?.code).toBe('42501')

    await page.goto('/')
    await expect(page.getByTestId('stored-hero-title')).not.toHaveText('defaced')
  })

  test('should refuse a signed-up member who is not staff', async ({ backend }) => {
    const member = await backend.member()
    const result = await member.from('website_content').upsert({ key: 'alerts', value: [], base_version: 0 })
    expect(result.status).toBe(403)
    expect(result.error?.code).toBe('42501')
  })
})

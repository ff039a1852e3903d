/**
 * The site's one module for families' alerts (forms/family-alerts.ts) against the real
 * `family-alerts` Edge Function: the local server running the project's migrations and
 * functions in Deno, the unmodified supabase-js `functions.invoke` over real HTTP, and a real
 * mail catcher. What a family sees for each answer: a sent confirmation, the function's own
 * words for a refused input or link, and "nothing was lost" when the server cannot be reached.
 */
import { randomUUID } from 'node:crypto'

import { startMailCatcher } from '@club/local-supabase/mail-catcher'
import type { MailCatcher } from '@club/local-supabase/mail-catcher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness, testClient } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { createFamilyAlerts } from './family-alerts.ts'

describe.runIf(localOnly('runs the function against its own mail catcher'))(
  'family alerts, from the site',
  () => {
    let h: Harness
    let mail: MailCatcher
    beforeAll(async () => {
      mail = await startMailCatcher()
      h = await startHarness({
        functions: {
          env: {
            SMTP_HOST: mail.smtpHost,
            SMTP_PORT: String(mail.smtpPort),
            SMTP_SECURE: 'false',
            MAIL_FROM: 'Club website <notifications@club.example>',
            SITE_URL: 'https://club.example',
          },
        },
      })
    }, 180_000)
    afterAll(async () => {
      await h?.stop()
      await mail?.stop()
    })

    it('should subscribe, confirm from the email and manage, and refuse a forged link in the function’s words', async () => {
      const alerts = createFamilyAlerts(testClient(h.url, h.anonKey))
      const email = `family-${randomUUID().slice(0, 8)}@families.example.test`
      // No teams are stored: the site shows its built-in ones, which the function names by key.
      expect(
        await alerts.subscribe({
          email,
          follow: { kind: 'team', ref: 'big-train-12u' },
          website: '',
        }),
      ).toEqual({ ok: true, value: undefined })
      await expect
        .poll(async () => ((await (await fetch(`${mail.url}/email`)).json()) as unknown[]).length, {
          timeout: 15_000,
        })
        .toBe(1)
      const [confirmation] = (await (await fetch(`${mail.url}/email`)).json()) as { text: string }[]
      const token = /#confirm=([A-Za-z0-9_.-]+)/.exec(confirmation!.text)![1]!
      const confirmed = await alerts.confirm(token)
      expect(confirmed).toMatchObject({
        ok: true,
        value: { email, follows: [{ kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U' }] },
      })
      const manage = confirmed.ok ? confirmed.value.token : ''
      expect(await alerts.follow(manage, { kind: 'program', ref: 'big-train' })).toMatchObject({
        ok: true,
        value: { follows: [{ name: 'Big Train 12U' }, { name: 'Big Train' }] },
      })

      expect(await alerts.manage(`${manage.slice(0, -2)}xx`)).toEqual({
        ok: false,
        expired: true,
        message:
          'This link has expired or is not valid. Ask for alerts again on the team’s page, or use the link in a newer email.',
      })
      expect(
        await alerts.subscribe({
          email: 'parent@',
          follow: { kind: 'team', ref: 'big-train-12u' },
          website: '',
        }),
      ).toMatchObject({ ok: false, message: 'Enter one email address, like parent@example.com.' })
      expect(await alerts.deleteAll(manage)).toEqual({ ok: true, value: undefined })
    }, 60_000)

    it('should say the server could not be reached, and that nothing was lost', async () => {
      // A port nothing listens on: the backend is down.
      const alerts = createFamilyAlerts(testClient('http://127.0.0.1:9', h.anonKey))
      expect(
        await alerts.subscribe({
          email: 'parent@example.com',
          follow: { kind: 'team', ref: 'big-train-12u' },
          website: '',
        }),
      ).toEqual({
        ok: false,
        message:
          "We could not reach the club's server. Check your connection, then try again: nothing was lost.",
      })
    })
  },
)

// Families hear first (issue 33), the Web Push half, as a contract: the project's migrations on
// the local backend, the `family-alerts` function in real Deno through the unmodified
// supabase-js, and a real Web Push protocol service (web-push-testing), which checks each push's
// VAPID signature and decrypts it. Push subscriptions are readable by staff only; an endpoint the
// push service answers 410 for is removed.
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { generateVapidKeys, startPushService } from '../src/push/push-service.ts'
import type { PushService } from '../src/push/push-service.ts'
import { invokeFunction, localOnly, startHarness, storeDocument } from './harness.ts'
import type { Harness } from './harness.ts'

const SITE = 'https://club.example'
const TEAMS = {
  'big-train-12u': { id: 'big-train-12u', name: 'Big Train 12U', programSlug: 'big-train' },
}

function statusAlert(title: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `push-${randomUUID().slice(0, 8)}`,
    alert_category: 'status',
    status_type: 'game-off',
    type: 'weather',
    title,
    message: `${title}: storms in the area.`,
    startDate: new Date(Date.now() - 60_000).toISOString(),
    endDate: new Date(Date.now() + 3_600_000).toISOString(),
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

describe.runIf(localOnly('runs the function against its own push service'))(
  'family-alerts by Web Push',
  () => {
    let h: Harness
    let push: PushService
    const vapid = generateVapidKeys()
    const invoke = (body: Record<string, unknown>, client = h.anon) =>
      invokeFunction(client, 'family-alerts', body)
    const store = (key: string, value: unknown) => storeDocument(h.service, key, value)
    /** A device's subscription at the push service, followed to Big Train 12U through the function. */
    const subscribedDevice = async () => {
      const subscription = await push.subscribe(vapid.publicKey)
      expect(
        await invoke({
          action: 'push-subscribe',
          subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
          follow: { kind: 'team', ref: 'big-train-12u' },
        }),
      ).toMatchObject({ status: 200, body: { ok: true } })
      return subscription
    }

    beforeAll(async () => {
      push = await startPushService()
      h = await startHarness({
        functions: {
          env: {
            SITE_URL: SITE,
            SMTP_HOST: '127.0.0.1',
            SMTP_PORT: '9',
            MAIL_FROM: 'Club website <notifications@club.example>',
            CLUB_TIME_ZONE: 'America/New_York',
            VAPID_PUBLIC_KEY: vapid.publicKey,
            VAPID_PRIVATE_KEY: vapid.privateKey,
            VAPID_SUBJECT: 'mailto:alerts@club.example',
            PUSH_SERVICE_ORIGINS: push.url,
            FAMILY_ALERTS_PER_IP_HOUR: '1000',
          },
        },
      })
      await store('teams', TEAMS)
      // The first call starts Deno and fetches the function's npm packages (a cold start).
      expect(await invoke({ action: 'push-key' })).toEqual({
        status: 200,
        body: { publicKey: vapid.publicKey },
      })
    }, 180_000)
    afterAll(async () => {
      await h?.stop()
      await push?.stop()
    })

    it('should let no visitor and no signed-in non-staff user read or write push subscriptions; staff read them', async () => {
      const device = await subscribedDevice()
      const user = await h.signedInUser()
      const staff = await h.signedInUser({ staff: true })
      for (const table of ['family_push_subscriptions', 'family_push_follows']) {
        for (const client of [h.anon, user.client]) {
          const read = await client.from(table).select('*')
          expect(read.data ?? [], table).toEqual([])
        }
      }
      const staffRead = await staff.client
        .from('family_push_subscriptions')
        .select('endpoint')
        .eq('endpoint', device.endpoint)
      expect(staffRead.data).toEqual([{ endpoint: device.endpoint }])
      for (const client of [h.anon, user.client, staff.client]) {
        const insert = await client.from('family_push_subscriptions').insert({
          endpoint: `${push.url}/notify/forged`,
          p256dh: device.keys.p256dh,
          auth: device.keys.auth,
        })
        expect(insert.error).not.toBeNull()
        await client.from('family_push_subscriptions').delete().not('id', 'is', null)
      }
      const kept = await h.service
        .from('family_push_subscriptions')
        .select('id')
        .eq('endpoint', device.endpoint)
      expect(kept.data).toHaveLength(1)
    })

    it('should refuse an endpoint that is not a push service’s, and a malformed key', async () => {
      const { keys } = await push.subscribe(vapid.publicKey)
      for (const endpoint of [
        'https://attacker.example/collect',
        `${h.url}/rest/v1/website_content`,
        'http://fcm.googleapis.com/fcm/send/abc',
      ])
        expect(
          await invoke({
            action: 'push-subscribe',
            subscription: { endpoint, keys },
            follow: { kind: 'team', ref: 'big-train-12u' },
          }),
        ).toEqual({
          status: 400,
          body: { error: 'This browser’s push service is not one the club can send to.' },
        })
      expect(
        await invoke({
          action: 'push-subscribe',
          subscription: { endpoint: `${push.url}/notify/x`, keys: { ...keys, p256dh: 'short' } },
          follow: { kind: 'team', ref: 'big-train-12u' },
        }),
      ).toMatchObject({ status: 400 })
    })

    it('should push a status alert through the Web Push protocol: the decision first, the time in club time, one link, nothing personal', async () => {
      const device = await subscribedDevice()
      const alert = statusAlert('All games cancelled', { targetPage: '/programs/big-train/12u' })
      await store('alerts', [alert])
      await expect
        .poll(async () => (await push.messages(device.clientHash)).length, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(1)
      const [message] = await push.messages(device.clientHash)
      const payload = JSON.parse(message!) as Record<string, unknown>
      expect(Object.keys(payload).sort()).toEqual(['body', 'tag', 'title', 'url'])
      expect(payload.title).toBe('Cancelled today: All games cancelled')
      expect(payload.body).toMatch(
        /^Posted \w+day, \w+ \d+, \d{4},? (at )?\d+:\d\d [AP]M · Youth Baseball & Softball Club$/,
      )
      expect(payload.url).toBe(`${SITE}/programs/big-train/12u`)
      expect(payload.tag).toBe(`alert-${alert.id}`)
      const { data: device_ } = await h.service
        .from('family_push_subscriptions')
        .select('id')
        .eq('endpoint', device.endpoint)
        .single()
      await expect
        .poll(async () => {
          const { data } = await h.service
            .from('family_deliveries')
            .select('channel, status, subscriber_id')
            .eq('push_subscription_id', (device_ as { id: string }).id)
          return data
        })
        .toEqual([{ channel: 'push', status: 'sent', subscriber_id: null }])
    }, 60_000)

    it('should remove a push subscription whose endpoint answers 410, and log that delivery as bounced', async () => {
      const gone = await subscribedDevice()
      const witness = await subscribedDevice()
      const { data: row } = await h.service
        .from('family_push_subscriptions')
        .select('id')
        .eq('endpoint', gone.endpoint)
        .single()
      const goneId = (row as { id: string }).id
      await push.expire(gone.clientHash)
      await store('alerts', [statusAlert('Games delayed', { status_type: 'delayed' })])
      // The witness: the same alert reached the live device.
      await expect
        .poll(async () => (await push.messages(witness.clientHash)).length, { timeout: 15_000 })
        .toBe(1)
      await expect
        .poll(
          async () =>
            (
              await h.service
                .from('family_push_subscriptions')
                .select('id')
                .eq('endpoint', gone.endpoint)
            ).data,
          { timeout: 15_000 },
        )
        .toEqual([])
      const { data: follows } = await h.service
        .from('family_push_follows')
        .select('id')
        .eq('push_subscription_id', goneId)
      expect(follows).toEqual([])
      const { data: logged } = await h.service
        .from('family_deliveries')
        .select('channel, status, error, push_subscription_id')
        .eq('channel', 'push')
        .eq('status', 'bounced')
      expect(logged).toEqual([
        {
          channel: 'push',
          status: 'bounced',
          error: expect.stringContaining('410') as string,
          push_subscription_id: null,
        },
      ])
    }, 60_000)

    it('should show a subscribed device, by its subscription alone, what it follows, and nothing to an unknown one', async () => {
      const device = await subscribedDevice()
      expect(await invoke({ action: 'push-manage', endpoint: device.endpoint })).toEqual({
        status: 200,
        body: { follows: [{ kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U' }] },
      })
      // Removing one follow leaves the device subscribed, following nothing.
      expect(
        await invoke({
          action: 'push-unsubscribe',
          endpoint: device.endpoint,
          follow: { kind: 'team', ref: 'big-train-12u' },
        }),
      ).toMatchObject({ status: 200 })
      expect(await invoke({ action: 'push-manage', endpoint: device.endpoint })).toEqual({
        status: 200,
        body: { follows: [] },
      })
      // An endpoint the club does not know answers with nothing about anyone.
      expect(
        await invoke({ action: 'push-manage', endpoint: `${push.url}/notify/unknown-device` }),
      ).toEqual({ status: 404, body: { error: 'This device gets no alerts from the club.' } })
    })

    it('should stop a device’s alerts when it unsubscribes', async () => {
      const device = await subscribedDevice()
      expect(await invoke({ action: 'push-unsubscribe', endpoint: device.endpoint })).toEqual({
        status: 200,
        body: { ok: true },
      })
      const { data } = await h.service
        .from('family_push_subscriptions')
        .select('id')
        .eq('endpoint', device.endpoint)
      expect(data).toEqual([])
    })
  },
)

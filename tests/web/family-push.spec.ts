import { randomUUID } from 'node:crypto'

import type { Page } from '@playwright/test'

import { earlierToday } from '../fixtures/club-time.ts'
import { axeViolations } from '../fixtures/axe.ts'
import { openGetAlerts } from '../fixtures/get-alerts.ts'
import { chromiumSwitches, fullBrowserPath } from '../support/chromium-switches.ts'
import {
  describeSharedContent,
  expect,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Families hear first (issue 33), by Web Push, end to end: a family taps "Push on this device"
// on a team's page; staff publish a status alert; the trigger and pg_net call `family-alerts`
// in real Deno, which sends the push through the Web Push protocol (encrypted, VAPID-signed) to
// the worker stack's push service (web-push-testing), which decrypts it; that payload is then
// delivered to the site's service worker by Chromium's DevTools (ServiceWorker.deliverPushMessage);
// the worker shows the notification, and its click moves the window to the page.
//
// Headless Chromium has no push service of its own (pushManager.subscribe() rejects there:
// "Registration failed - permission denied"), so the one browser call it cannot make,
// PushManager.subscribe, answers with a subscription the push service made for the key the page
// asks with. Nor can a system notification be clicked headless: the test dispatches the
// notificationclick event, with the notification the worker showed, inside the worker.

const TEAM_PAGE = '/programs/big-train/12u'

// The full browser: the headless shell keeps no notification a service worker shows
// (getNotifications() answers none), which this suite reads.
test.use({ launchOptions: { executablePath: fullBrowserPath, args: chromiumSwitches() } })

/** Replaces what headless Chromium cannot do (see above); counts permission prompts. */
function fakePushManager({
  subscription,
  expectedKey,
}: {
  subscription: PushSubscriptionJSON
  expectedKey: string
}) {
  const w = window as unknown as { permissionPrompts: number }
  w.permissionPrompts = 0
  const ask = Notification.requestPermission.bind(Notification)
  Notification.requestPermission = () => {
    w.permissionPrompts++
    return ask()
  }
  let made: ArrayBuffer | undefined
  const base64url = (buffer: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  const current = () =>
    made && {
      endpoint: subscription.endpoint,
      options: { applicationServerKey: made, userVisibleOnly: true },
      toJSON: () => subscription,
      unsubscribe: () => Promise.resolve(true),
    }
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve((current() ?? null) as PushSubscription | null)
  }
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey
    const bytes =
      key instanceof ArrayBuffer ? key : ArrayBuffer.isView(key) ? key.buffer.slice(0) : undefined
    if (!options?.userVisibleOnly || !bytes || base64url(bytes as ArrayBuffer) !== expectedKey)
      return Promise.reject(new DOMException('Not the club’s key', 'InvalidAccessError'))
    made = bytes as ArrayBuffer
    return Promise.resolve(current() as unknown as PushSubscription)
  }
}

/** A device that subscribed before (headless Chromium cannot: see above), and what it stopped. */
function subscribedBefore(subscription: PushSubscriptionJSON) {
  const w = window as unknown as { unsubscribed: boolean }
  w.unsubscribed = false
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(
      w.unsubscribed
        ? null
        : ({
            endpoint: subscription.endpoint,
            toJSON: () => subscription,
            unsubscribe: () => {
              w.unsubscribed = true
              return Promise.resolve(true)
            },
          } as unknown as PushSubscription),
    )
  }
}

/** Opens the team page's "Get alerts" dialog, once React owns the page. */
async function openDialog(page: Page) {
  return openGetAlerts(page, page.getByRole('button', { name: 'Get alerts: Big Train 12U' }))
}

/** The notifications the site's service worker shows now. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      icon: notification.icon,
      url: (notification.data as { url?: string } | null)?.url,
    }))
  })

describeSharedContent('families’ alerts by push', () => {
  // Blocked in the other suites (playwright.config.ts): here the site runs as a family's does.
  test.use({ serviceWorkers: 'allow' })

  test('should push a status alert to a subscribed device, show it with the decision and the page, and open the page when clicked', async ({
    page,
    context,
    backend,
    stack,
  }) => {
    const push = stack.push!
    const { data: vapidKey } = await backend.anon.functions.invoke<{ publicKey: string }>(
      'family-alerts',
      { body: { action: 'push-key' } },
    )
    expect(vapidKey?.publicKey).toBeTruthy()
    const subscription = await push.subscribe(vapidKey!.publicKey)
    await page.addInitScript(fakePushManager, {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      expectedKey: vapidKey!.publicKey,
    })

    await page.goto(TEAM_PAGE)
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    // The manifest makes the site installable; nothing asked for permission on load.
    const manifest = await page.locator('link[rel="manifest"]').getAttribute('href')
    const app = (await (await page.request.get(manifest!)).json()) as Record<string, unknown>
    expect(app).toMatchObject({ display: 'standalone', start_url: '/' })
    const dialog = await openDialog(page)
    expect(
      await page.evaluate(
        () => (window as unknown as { permissionPrompts: number }).permissionPrompts,
      ),
    ).toBe(0)

    await context.grantPermissions(['notifications'])
    await dialog.getByRole('button', { name: 'Push on this device' }).click()
    await expect(dialog.getByRole('status')).toHaveText(
      'This device will show alerts for Big Train 12U.',
      { timeout: 20_000 },
    )
    expect(
      await page.evaluate(
        () => (window as unknown as { permissionPrompts: number }).permissionPrompts,
      ),
    ).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')

    const alertId = `family-push-${randomUUID().slice(0, 8)}`
    await restoringContent(backend, ['alerts'], async (before) => {
      const staff = await backend.staff()
      await storeContent(staff, 'alerts', [
        ...before.alerts,
        {
          id: alertId,
          alert_category: 'status' as const,
          status_type: 'game-off',
          type: 'weather' as const,
          title: 'All games cancelled',
          message: 'Storms in the area: every game tonight is called off.',
          startDate: earlierToday(Date.now()),
          endDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
          isActive: true,
          isPinned: false,
          link: '',
          linkText: '',
          targetPage: TEAM_PAGE,
        },
      ])
      // Sent through the Web Push protocol, and decrypted by the push service.
      await expect
        .poll(async () => (await push.messages(subscription.clientHash)).length, {
          timeout: 15_000,
          intervals: [250],
        })
        .toBe(1)
    })
    const [payload] = await push.messages(subscription.clientHash)
    expect(JSON.parse(payload!)).toMatchObject({
      title: 'Cancelled today: All games cancelled',
      url: `${stack.siteUrl}${TEAM_PAGE}`,
    })

    // The page moves on; the push reaches the site's service worker.
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    const cdp = await context.newCDPSession(page)
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find(
          (registration) =>
            registration.scopeURL === `${stack.siteUrl}/` && !registration.isDeleted,
        )
        if (ours) resolve(ours.registrationId)
      })
    })
    // Installable, as Chromium judges it (Lighthouse's installability check asks the same),
    // but for the test's own browser context, which is incognito.
    await expect
      .poll(
        async () =>
          (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
            .map((error) => error.errorId)
            .filter((id) => id !== 'in-incognito'),
        { timeout: 10_000 },
      )
      .toEqual([])
    await cdp.send('ServiceWorker.enable')
    const registrationId = await registered
    // DevTools answers the delivery before it is made and drops its outcome (a worker that
    // could not start in time, on a loaded machine, gets no push and nobody hears of it; CI saw
    // it once). A push not shown within 4 s is delivered again, and says so: both carry the
    // same tag, so a second delivery replaces the first, and one notification is still shown.
    let deliveries = 0
    let deliveredAt = 0
    await expect
      .poll(
        async () => {
          const now = await shown(page)
          if (now.length === 0 && Date.now() - deliveredAt >= 4000 && deliveries < 3) {
            if (deliveries > 0) console.log(`[family-push] none shown; delivery ${deliveries + 1}`)
            deliveries += 1
            deliveredAt = Date.now()
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: stack.siteUrl,
              registrationId,
              data: payload!,
            })
          }
          return now.length
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toBe(1)
    const [notification] = await shown(page)
    expect(notification).toEqual({
      title: 'Cancelled today: All games cancelled',
      body: expect.stringMatching(/^Posted .+ · .+$/),
      icon: `${stack.siteUrl}/icons/icon-192.png`,
      url: `${stack.siteUrl}${TEAM_PAGE}`,
    })

    // A click on it brings the family's window to the team's page.
    const worker = context.serviceWorkers().find((item) => item.url() === `${stack.siteUrl}/sw.js`)
    expect(worker).toBeTruthy()
    await worker!.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        dispatchEvent(event: Event): boolean
      }
      const [shownNow] = await scope.registration.getNotifications()
      const NotificationEventClass = (
        self as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event
        }
      ).NotificationEvent
      scope.dispatchEvent(
        new NotificationEventClass('notificationclick', { notification: shownNow! }),
      )
    })
    await expect(page).toHaveURL(`${stack.siteUrl}${TEAM_PAGE}`, { timeout: 15_000 })
    await expect(page.getByRole('button', { name: 'Get alerts: Big Train 12U' })).toBeVisible()
    await expect.poll(() => shown(page)).toEqual([])
  })
  test('should show a subscribed device what it follows on “My alerts”, without an email link, to add, remove and stop', async ({
    page,
    backend,
    stack,
  }) => {
    const push = stack.push!
    const call = async (body: Record<string, unknown>) =>
      backend.anon.functions.invoke<Record<string, unknown>>('family-alerts', { body })
    const { data: vapidKey } = await call({ action: 'push-key' })
    const subscription = await push.subscribe(vapidKey!.publicKey as string)
    const device = { endpoint: subscription.endpoint, keys: subscription.keys }
    // The device followed Big Train 12U earlier, from the team's page.
    expect(
      (
        await call({
          action: 'push-subscribe',
          subscription: device,
          follow: { kind: 'team', ref: 'big-train-12u' },
        })
      ).error,
    ).toBeNull()
    await page.addInitScript(subscribedBefore, device)

    await page.goto('/my-alerts')
    const part = page.getByRole('region', { name: 'Alerts on this device' })
    await expect(part.getByRole('list', { name: 'What this device follows' })).toContainText(
      'Big Train 12U: cancellations, field closures and schedule changes',
      { timeout: 20_000 },
    )
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 })
      expect(await axeViolations(page), `My alerts' device part at ${width}`).toEqual([])
    }
    await part
      .getByLabel('Add alerts on this device for')
      .selectOption({ label: 'Hollow Oak Park' })
    await part.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(part.getByRole('status')).toHaveText('Added on this device: Hollow Oak Park.')
    await part.getByRole('button', { name: 'Remove Big Train 12U from this device' }).click()
    await expect(part.getByRole('status')).toHaveText('Removed from this device: Big Train 12U.')
    await expect(part.getByRole('list', { name: 'What this device follows' })).toHaveText(
      /^Hollow Oak.*: cancellations, field closures and schedule changesRemove$/,
    )
    // The function keeps what the page says.
    const { data: listed } = await call({ action: 'push-manage', endpoint: device.endpoint })
    expect(listed).toEqual({
      follows: [{ kind: 'field', ref: 'hollow-oak', name: expect.stringMatching(/^Hollow Oak/) }],
    })
    await part.getByRole('button', { name: 'Stop alerts on this device' }).click()
    await expect(part.getByRole('status')).toHaveText(
      'Alerts on this device are stopped: the club sends it nothing more.',
    )
    // The club forgot the device, and the browser its subscription.
    const { error } = await call({ action: 'push-manage', endpoint: device.endpoint })
    expect(error).not.toBeNull()
    expect(
      await page.evaluate(() => (window as unknown as { unsubscribed: boolean }).unsubscribed),
    ).toBe(true)
  })
})

/**
 * What the site's alert dialog and "My alerts" page are given (issue 33): the calls of
 * forms/family-alerts.ts, as types only, so pages depend on no backend code.
 */

/** What a family follows: a team (its key), a program (its slug), a field (its id), or the club. */
export type AlertFollow = { kind: 'team' | 'program' | 'field' | 'club'; ref: string }

/** An outcome the page shows: the value, or a message in words (and whether the link expired). */
export type FamilyAlertsResult<T> =
  { ok: true; value: T } | { ok: false; message: string; expired?: boolean; missing?: boolean }

/** "My alerts": the address, what it follows, and the token for the next call. */
export type MyAlerts = {
  email: string
  unsubscribed: boolean
  token: string
  follows: (AlertFollow & { name: string; confirmed: boolean })[]
}

/** "My alerts" on a subscribed device: what this device follows by push, named. */
export type DeviceAlerts = { follows: (AlertFollow & { name: string })[] }

export type FamilyAlertsService = {
  /** Asks for alerts: a confirmation email goes to `email`. `website` is the honeypot's value. */
  subscribe(input: {
    email: string
    follow: AlertFollow
    website: string
  }): Promise<FamilyAlertsResult<void>>
  confirm(token: string): Promise<FamilyAlertsResult<MyAlerts>>
  manage(token: string): Promise<FamilyAlertsResult<MyAlerts>>
  follow(token: string, follow: AlertFollow): Promise<FamilyAlertsResult<MyAlerts>>
  unfollow(token: string, follow: AlertFollow): Promise<FamilyAlertsResult<MyAlerts>>
  unsubscribe(token: string): Promise<FamilyAlertsResult<MyAlerts>>
  deleteAll(token: string): Promise<FamilyAlertsResult<void>>
  /** The VAPID public key (base64url) a browser subscribes to push with. */
  pushKey(): Promise<FamilyAlertsResult<string>>
  /** This device follows `follow` by Web Push: `subscription` is `PushSubscription.toJSON()`. */
  pushSubscribe(input: {
    subscription: PushSubscriptionJSON
    follow: AlertFollow
  }): Promise<FamilyAlertsResult<void>>
  /** Stops one follow of this device, or all its push alerts when `follow` is not given. */
  pushUnsubscribe(input: {
    endpoint: string
    follow?: AlertFollow
  }): Promise<FamilyAlertsResult<void>>
  /**
   * What the device with this push subscription's `endpoint` follows (its key: only the device
   * knows it). `missing` when the club sends this device nothing.
   */
  pushManage(endpoint: string): Promise<FamilyAlertsResult<DeviceAlerts>>
}

/**
 * For the alerts editors (staff only): how many a status alert on some pages would reach now,
 * counted by the function without listing anyone, and what it concerns.
 */
export type AlertAudience = {
  /** Confirmed addresses that would be emailed. */
  email: number
  /** Devices that would get a push notification. */
  push: number
  /** True for a club-wide alert (no page): everyone who follows anything hears of it. */
  everyone: boolean
  /** The teams, programs and fields it concerns, as the site names them. */
  names: string[]
}

/** Asks the function who a status alert on `pages` would reach (none: club-wide). */
export type AlertAudienceLookup = (pages: string[]) => Promise<FamilyAlertsResult<AlertAudience>>

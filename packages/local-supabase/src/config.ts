import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

import { parse } from 'smol-toml'

/** The parts of `supabase/config.toml` this server honours (the Supabase CLI's names). */
export type ProjectConfig = {
  apiPort: number
  maxRows: number
  jwtExpiry: number
  refreshTokenRotation: boolean
  refreshTokenReuseInterval: number
  signupEnabled: boolean
  minimumPasswordLength: number
  siteUrl: string
  /** `[auth] additional_redirect_urls`: more places links may send the browser (globs). */
  additionalRedirectUrls: string[]
  /** `[auth.email.smtp]` when `enabled`: where account email goes (else it is only logged). */
  smtp: SmtpSettings | undefined
  storageFileSizeLimit: number
  /** `[auth.mfa] max_enrolled_factors` and `[auth.mfa.totp] enroll_enabled / verify_enabled`. */
  mfa: MfaConfig
  /** `[auth.email] secure_password_change`: a password change needs a recent sign-in or a nonce. */
  securePasswordChange: boolean
  /** `[auth.email] double_confirm_changes`: an email change is mailed to the current address too. */
  secureEmailChange: boolean
  /**
   * `[auth.hook.password_verification_attempt]` when `enabled`: the Postgres function its
   * `pg-functions://postgres/<schema>/<name>` URI names, as `"schema"."name"`.
   */
  passwordVerificationHook: string | undefined
  /** `[functions.<name>]`: `enabled` and `verify_jwt` (both true when not given). */
  functions: Record<string, { enabled?: boolean; verifyJwt?: boolean }>
}

/**
 * The SMTP server account email goes to, under the CLI's `[auth.email.smtp]` names (`pass`
 * may be `env(NAME)`, read from the environment, as the CLI allows).
 */
export type SmtpSettings = {
  host: string
  port: number
  user: string
  pass: string
  /** The From address (`admin_email`). */
  adminEmail: string
  /** The From name (`sender_name`). */
  senderName: string
}

/** TOTP multi-factor settings, under the CLI's names. */
export type MfaConfig = { totpEnroll: boolean; totpVerify: boolean; maxEnrolledFactors: number }

const DEFAULTS: ProjectConfig = {
  apiPort: 54321,
  maxRows: 1000,
  jwtExpiry: 3600,
  refreshTokenRotation: true,
  refreshTokenReuseInterval: 10,
  signupEnabled: true,
  minimumPasswordLength: 6,
  siteUrl: 'http://127.0.0.1:3000',
  additionalRedirectUrls: [],
  smtp: undefined,
  storageFileSizeLimit: 50 * 1024 * 1024,
  // GoTrue's own defaults (a `supabase init` config.toml writes both TOTP flags as false).
  mfa: { totpEnroll: true, totpVerify: true, maxEnrolledFactors: 10 },
  securePasswordChange: false,
  secureEmailChange: true,
  passwordVerificationHook: undefined,
  functions: {},
}

/**
 * A `pg-functions://postgres/<schema>/<function>` hook URI as a quoted SQL name, or undefined
 * for anything else (HTTP hooks are not run locally).
 */
export function pgFunctionHook(section: Record<string, unknown>): string | undefined {
  if (section.enabled !== true || typeof section.uri !== 'string') return undefined
  const match = /^pg-functions:\/\/[^/]+\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)$/.exec(section.uri)
  return match ? `"${match[1]}"."${match[2]}"` : undefined
}

/** Parses sizes as the CLI writes them: "50MiB", "5MB", "512KiB", or a number of bytes. */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return undefined
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?\s*$/i.exec(value)
  if (!match) return undefined
  const units: Record<string, number> = {
    b: 1,
    kb: 1000,
    kib: 1024,
    mb: 1000 ** 2,
    mib: 1024 ** 2,
    gb: 1000 ** 3,
    gib: 1024 ** 3,
  }
  return Math.round(Number(match[1]) * (units[(match[2] ?? 'b').toLowerCase()] ?? 1))
}

/** Walks up from `start` to the folder that holds `supabase/config.toml`. */
export function findProjectRoot(start: string): string | undefined {
  let dir = resolve(start)
  for (;;) {
    if (existsSync(join(dir, 'supabase', 'config.toml'))) return dir
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

type Table = Record<string, unknown>
const table = (value: unknown): Table =>
  value && typeof value === 'object' ? (value as Table) : {}

/** A config.toml string, with `env(NAME)` read from the environment as the CLI does. */
function tomlString(value: unknown): string {
  if (typeof value !== 'string') return ''
  const reference = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim())
  return reference ? (process.env[reference[1] ?? ''] ?? '') : value
}

/** `[auth.email.smtp]`, when it is there and `enabled` (the CLI's default when the table exists). */
function readSmtp(section: Table): SmtpSettings | undefined {
  if (Object.keys(section).length === 0 || section.enabled === false) return undefined
  const host = tomlString(section.host)
  if (!host) return undefined
  return {
    host,
    port: typeof section.port === 'number' ? section.port : 587,
    user: tomlString(section.user),
    pass: tomlString(section.pass),
    adminEmail: tomlString(section.admin_email),
    senderName: tomlString(section.sender_name),
  }
}

export function readProjectConfig(supabaseDir: string | undefined): ProjectConfig {
  const file = supabaseDir ? join(supabaseDir, 'config.toml') : undefined
  if (!file || !existsSync(file)) return DEFAULTS
  const toml = parse(readFileSync(file, 'utf8')) as Table
  const api = table(toml.api)
  const auth = table(toml.auth)
  const email = table(auth.email)
  const storage = table(toml.storage)
  const mfa = table(auth.mfa)
  const totp = table(mfa.totp)
  const pick = <T>(value: unknown, fallback: T): T =>
    typeof value === typeof fallback ? (value as T) : fallback
  return {
    apiPort: pick(api.port, DEFAULTS.apiPort),
    maxRows: pick(api.max_rows, DEFAULTS.maxRows),
    jwtExpiry: pick(auth.jwt_expiry, DEFAULTS.jwtExpiry),
    refreshTokenRotation: pick(auth.enable_refresh_token_rotation, DEFAULTS.refreshTokenRotation),
    refreshTokenReuseInterval: pick(
      auth.refresh_token_reuse_interval,
      DEFAULTS.refreshTokenReuseInterval,
    ),
    signupEnabled:
      pick(auth.enable_signup, DEFAULTS.signupEnabled) && pick(email.enable_signup, true),
    minimumPasswordLength: pick(auth.minimum_password_length, DEFAULTS.minimumPasswordLength),
    siteUrl: pick(auth.site_url, DEFAULTS.siteUrl),
    additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
      ? auth.additional_redirect_urls.filter((url): url is string => typeof url === 'string')
      : DEFAULTS.additionalRedirectUrls,
    smtp: readSmtp(table(email.smtp)),
    storageFileSizeLimit: parseSize(storage.file_size_limit) ?? DEFAULTS.storageFileSizeLimit,
    mfa: {
      totpEnroll: pick(totp.enroll_enabled, DEFAULTS.mfa.totpEnroll),
      totpVerify: pick(totp.verify_enabled, DEFAULTS.mfa.totpVerify),
      maxEnrolledFactors: pick(mfa.max_enrolled_factors, DEFAULTS.mfa.maxEnrolledFactors),
    },
    securePasswordChange: pick(email.secure_password_change, DEFAULTS.securePasswordChange),
    secureEmailChange: pick(email.double_confirm_changes, DEFAULTS.secureEmailChange),
    passwordVerificationHook: pgFunctionHook(table(table(auth.hook).password_verification_attempt)),
    functions: Object.fromEntries(
      Object.entries(table(toml.functions)).map(([name, value]) => {
        const section = table(value)
        const flag = (given: unknown) => (typeof given === 'boolean' ? given : undefined)
        return [name, { enabled: flag(section.enabled), verifyJwt: flag(section.verify_jwt) }]
      }),
    ),
  }
}

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
  storageFileSizeLimit: number
  /** `[auth.mfa] max_enrolled_factors` and `[auth.mfa.totp] enroll_enabled / verify_enabled`. */
  mfa: MfaConfig
  /** `[auth.email] secure_password_change`: a password change needs a recent sign-in or a nonce. */
  securePasswordChange: boolean
  /** `[functions.<name>]`: `enabled` and `verify_jwt` (both true when not given). */
  functions: Record<string, { enabled?: boolean; verifyJwt?: boolean }>
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
  storageFileSizeLimit: 50 * 1024 * 1024,
  // GoTrue's own defaults (a `supabase init` config.toml writes both TOTP flags as false).
  mfa: { totpEnroll: true, totpVerify: true, maxEnrolledFactors: 10 },
  securePasswordChange: false,
  functions: {},
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
    storageFileSizeLimit: parseSize(storage.file_size_limit) ?? DEFAULTS.storageFileSizeLimit,
    mfa: {
      totpEnroll: pick(totp.enroll_enabled, DEFAULTS.mfa.totpEnroll),
      totpVerify: pick(totp.verify_enabled, DEFAULTS.mfa.totpVerify),
      maxEnrolledFactors: pick(mfa.max_enrolled_factors, DEFAULTS.mfa.maxEnrolledFactors),
    },
    securePasswordChange: pick(email.secure_password_change, DEFAULTS.securePasswordChange),
    functions: Object.fromEntries(
      Object.entries(table(toml.functions)).map(([name, value]) => {
        const section = table(value)
        const flag = (given: unknown) => (typeof given === 'boolean' ? given : undefined)
        return [name, { enabled: flag(section.enabled), verifyJwt: flag(section.verify_jwt) }]
      }),
    ),
  }
}

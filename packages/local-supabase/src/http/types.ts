import type { IncomingHttpHeaders } from 'node:http'

import type { MfaConfig, SmtpSettings } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { Keys } from '../keys.ts'

/** Settings the services read; most come from `supabase/config.toml`, as the CLI does. */
export type ServerConfig = {
  /** The public base URL, e.g. http://127.0.0.1:54321 (known once the port is bound). */
  apiUrl: string
  jwtExpiry: number
  refreshTokenRotation: boolean
  refreshTokenReuseInterval: number
  signupEnabled: boolean
  minimumPasswordLength: number
  /** The bcrypt cost of the password hashes Auth makes (`LocalSupabaseOptions.bcryptCost`). */
  bcryptCost: number
  siteUrl: string
  /** `[auth] additional_redirect_urls` (globs, as GoTrue's `uri_allow_list`). */
  additionalRedirectUrls: string[]
  /** Where account email goes over SMTP; undefined: it is only logged (GoTrue's no-op mailer). */
  smtp: SmtpSettings | undefined
  maxRows: number
  /** Folder where Storage object bodies live; undefined keeps them in memory. */
  storageDir: string | undefined
  /** Global upload ceiling (the CLI's `[storage] file_size_limit`). */
  storageFileSizeLimit: number
  /** TOTP multi-factor settings (`[auth.mfa]`). */
  mfa: MfaConfig
  /** `[auth.email] secure_password_change`. */
  securePasswordChange: boolean
  /** `[auth.email] double_confirm_changes`. */
  secureEmailChange: boolean
  /** `[auth.hook.password_verification_attempt]`: its Postgres function, quoted. */
  passwordVerificationHook?: string | undefined
  log: (line: string) => void
}

/** One HTTP request as a service sees it: the body is read, the path is relative to the service. */
export type ServiceRequest = {
  method: string
  url: URL
  /** The path after the service prefix, e.g. `/website_content` for `/rest/v1/website_content`. */
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
  /**
   * The bearer token after the gateway's apikey rule (see `effectiveBearer`):
   * undefined when the request carries neither an Authorization header nor an apikey.
   */
  bearer: string | undefined
}

export type ServiceResponse = {
  status: number
  headers?: Record<string, string>
  /** A JSON value to serialise, or raw bytes / text. Omit for an empty body. */
  json?: unknown
  body?: string | Uint8Array
  /**
   * The response carries its own CORS headers, or none (Edge Functions answer CORS themselves,
   * as on hosted): the gateway adds none of its own.
   */
  ownCors?: boolean
}

export type ServiceContext = {
  db: Database
  keys: Keys
  config: ServerConfig
}

export type Service = (request: ServiceRequest) => Promise<ServiceResponse>

/** Lower-cased single header value (Node joins repeated headers with ", "). */
export function header(request: ServiceRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}

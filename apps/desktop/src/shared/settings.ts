import { z } from 'zod'

/** The local backend `pnpm dev` starts: the default until the director names a hosted project. */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:54321'
/** The local backend's public demo anon key (the same one the web app defaults to). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
/** Where `pnpm dev` serves the public site. */
export const LOCAL_SITE_URL = 'http://127.0.0.1:5173'

/** Said when a key would give the app rights that bypass the database's policies. */
export const SERVICE_ROLE_REFUSED =
  'This is a service-role (secret) key. The app only accepts the public anon key: staff rights come from signing in.'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** The role claim of a JWT-shaped key, if it has one that can be read. */
export function jwtRole(key: string): string | undefined {
  const payload = key.split('.')[1]
  if (!payload) return undefined
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const claims: unknown = JSON.parse(atob(padded))
    if (claims && typeof claims === 'object' && 'role' in claims) {
      return typeof claims.role === 'string' ? claims.role : undefined
    }
  } catch {
    return undefined
  }
  return undefined
}

/**
 * An https address, or plain http on this machine only (the local backend): a session token
 * must never cross a network in clear text.
 */
const serviceUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value)
        if (url.username || url.password) return false
        return (
          url.protocol === 'https:' ||
          (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
        )
      } catch {
        return false
      }
    }, `${what} must be an https:// address (or http:// on this computer)`)
    .transform((value) => value.replace(/\/+$/, ''))

/** The public key: a JWT whose role is anon, or a new-style publishable key; never a secret one. */
const anonKey = z
  .string()
  .trim()
  .min(1, 'The anon key is required')
  .refine((key) => !key.startsWith('sb_secret_') && jwtRole(key) !== 'service_role', {
    message: SERVICE_ROLE_REFUSED,
  })
  .refine((key) => key.startsWith('sb_publishable_') || jwtRole(key) !== undefined, {
    message: 'This does not look like a Supabase anon key',
  })

/** What the director sets on the first-run screen and in Settings. */
export const ZDesktopSettings = z.object({
  backendUrl: serviceUrl('The backend address'),
  anonKey,
  siteUrl: serviceUrl('The site address'),
})
export type TDesktopSettings = z.infer<typeof ZDesktopSettings>

/** What the first-run screen starts from: the local backend and site. */
export const DEFAULT_SETTINGS: TDesktopSettings = {
  backendUrl: LOCAL_BACKEND_URL,
  anonKey: LOCAL_ANON_KEY,
  siteUrl: LOCAL_SITE_URL,
}

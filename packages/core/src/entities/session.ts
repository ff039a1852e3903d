import { z } from 'zod'

/**
 * The signed-in user as the authentication service returns it. Only the fields the product
 * reads are listed; `app_metadata` and `user_metadata` stay open because the service owns them.
 */
export const sessionUserSchema = z.object({
  id: z.string().min(1),
  aud: z.string(),
  role: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  last_sign_in_at: z.string().optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
})

/**
 * A session from the authentication service (spec §3). `expires_at` is in seconds since the
 * epoch; `expires_in` in seconds from issue.
 */
export const sessionSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number(),
  expires_at: z.number().optional(),
  token_type: z.string(),
  user: sessionUserSchema,
})

/** A session from the authentication service. */
export type Session = z.infer<typeof sessionSchema>
/** The signed-in user. */
export type SessionUser = z.infer<typeof sessionUserSchema>

// The requests this function answers, checked with zod before anything is read or written.
import { z } from 'zod'

import type { Follow } from './targets.ts'

const slug = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)
const followSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team'), ref: slug }).strict(),
  z.object({ kind: z.literal('program'), ref: slug }).strict(),
  z.object({ kind: z.literal('field'), ref: slug }).strict(),
  z.object({ kind: z.literal('club'), ref: z.literal('').optional() }).strict(),
])
const token = z.string().min(10).max(1000)
export const requestSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('subscribe'),
      email: z.string().trim().max(254),
      follow: followSchema,
      website: z.string().max(500).optional(),
    })
    .strict(),
  z.object({ action: z.literal('confirm'), token }).strict(),
  z.object({ action: z.literal('manage'), token }).strict(),
  z.object({ action: z.literal('follow'), token, follow: followSchema }).strict(),
  z.object({ action: z.literal('unfollow'), token, follow: followSchema }).strict(),
  z.object({ action: z.literal('unsubscribe'), token }).strict(),
  z.object({ action: z.literal('delete'), token }).strict(),
  z.object({ action: z.literal('notify') }).passthrough(),
  z.object({ action: z.literal('push-key') }).strict(),
  z
    .object({
      action: z.literal('push-subscribe'),
      subscription: z.object({
        endpoint: z.string().min(12).max(1000),
        expirationTime: z.number().nullable().optional(),
        keys: z
          .object({
            p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
            auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/),
          })
          .strict(),
      }),
      follow: followSchema,
      website: z.string().max(500).optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal('preview'),
      pages: z.array(z.string().max(300)).max(20),
    })
    .strict(),
  z.object({ action: z.literal('push-manage'), endpoint: z.string().min(12).max(1000) }).strict(),
  z
    .object({
      action: z.literal('push-unsubscribe'),
      endpoint: z.string().min(12).max(1000),
      follow: followSchema.optional(),
    })
    .strict(),
])

/** A follow as stored: the club's ref is always empty. */
export const normalize = (follow: z.infer<typeof followSchema>): Follow => ({
  kind: follow.kind,
  ref: follow.kind === 'club' ? '' : follow.ref,
})

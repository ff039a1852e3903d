import { z } from 'zod'
import {
  hexColorSchema,
  idSchema,
  imageSrcOrEmptySchema,
  imageSrcSchema,
  linkOrEmptySchema,
  linkSchema,
  shortTextSchema,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** `emphasized` cards are drawn larger; `standard` ones are not. */
export const PROGRAM_CARD_TYPES = ['standard', 'emphasized'] as const
/** Whether the card shows its name as text or its logo. */
export const PROGRAM_CARD_DISPLAY_TYPES = ['text', 'logo'] as const

/**
 * A card on the Programs overview (spec §3). Colours are hex; `overlayOpacity` is 0 to 1.
 * `registrationLink` (our addition: the spec's card has a registration button but no target for
 * it) is `''` when the card shows no registration button.
 */
export const programCardSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  tagline: withNeutral(shortTextSchema, ''),
  ageRange: withNeutral(shortTextSchema, ''),
  link: linkSchema,
  registrationLink: withNeutral(linkOrEmptySchema, ''),
  backgroundUrl: imageSrcSchema,
  logoUrl: imageSrcOrEmptySchema.optional(),
  type: withNeutral(z.enum(PROGRAM_CARD_TYPES), 'standard'),
  displayType: withNeutral(z.enum(PROGRAM_CARD_DISPLAY_TYPES), 'text'),
  nameColor: withNeutral(hexColorSchema, '#ffffff'),
  taglineColor: withNeutral(hexColorSchema, '#ffffff'),
  overlayEnabled: withNeutral(z.boolean(), true),
  overlayColor: withNeutral(hexColorSchema, '#0b1f3a'),
  overlayOpacity: withNeutral(z.number().min(0).max(1), 0.5),
  regButtonColor: withNeutral(hexColorSchema, '#c8102e'),
  viewPageButtonColor: withNeutral(hexColorSchema, '#ffffff'),
})

/** Program cards in display order (content key `programCards`), unique by id. */
export const programCardsSchema = uniqueArray(programCardSchema, { id: (card) => card.id }, 50)

/** A program card. */
export type ProgramCard = z.infer<typeof programCardSchema>

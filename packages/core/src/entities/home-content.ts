import { z } from 'zod'
import {
  buttonVariantSchema,
  idSchema,
  imageSrcOrEmptySchema,
  imageSrcSchema,
  linkOrEmptySchema,
  linkSchema,
  patternString,
  phoneOrEmptySchema,
  shortTextSchema,
  textSchema,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** The home page hero. */
export const heroSchema = z.object({
  title: shortTextSchema,
  subtitle: textSchema,
  buttonText: shortTextSchema,
  buttonLink: linkSchema,
  imageUrl: imageSrcSchema,
  imageAlt: withNeutral(shortTextSchema, ''),
})

/** One figure in the Legacy and Impact block, e.g. `{ number: '150+', label: 'College commits' }`. */
export const impactStatSchema = z.object({
  number: shortTextSchema,
  label: shortTextSchema,
})

/** A team shown in the "Home of the" block. */
export const homeTeamSchema = z.object({
  name: shortTextSchema,
  logo: imageSrcSchema,
  link: linkSchema,
})

/** A button in the Support block (Donate, Sponsor). */
export const supportButtonSchema = z.object({
  text: shortTextSchema,
  link: linkSchema,
  variant: withNeutral(buttonVariantSchema, 'primary'),
})

/** Sponsorship tiers, highest first; the Sponsors page describes each one. */
export const SPONSOR_TIERS = ['grand-slam', 'home-run', 'triple', 'double', 'single'] as const

/**
 * A current sponsor: its name, logo (`''` for none), where its name links (`''` for nowhere;
 * usually the sponsor's own site) and its tier.
 */
export const sponsorSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  logoUrl: withNeutral(imageSrcOrEmptySchema, ''),
  link: withNeutral(linkOrEmptySchema, ''),
  tier: withNeutral(z.enum(SPONSOR_TIERS), 'single'),
})

/** The most sponsors the Sponsors page lists. */
export const MAX_SPONSORS = 60

/** Footer links to the club's social accounts; `''` hides one. */
export const socialLinksSchema = z.object({
  twitter: withNeutral(linkOrEmptySchema, ''),
  facebook: withNeutral(linkOrEmptySchema, ''),
  instagram: withNeutral(linkOrEmptySchema, ''),
})

/**
 * The club's email address, or `''`. Stricter than a form's address, as it is written into a
 * `mailto:` link: no `?`, `&`, `%`, spaces or quotes that could add headers or break out.
 */
export const clubEmailOrEmptySchema = patternString(
  /^(?:[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?$/,
  254,
  'Invalid e-mail address',
)

/** One line of a postal address: plain text, no line breaks or control characters. */
export const addressLineSchema = z
  .string()
  .max(120)
  .refine(
    (line) => {
      for (let i = 0; i < line.length; i++) {
        const code = line.charCodeAt(i)
        if (code < 0x20 || code === 0x7f) return false
      }
      return true
    },
    { message: 'Invalid address line' },
  )

/**
 * The club's own contact details (`content.contact`), which staff edit in place: its email,
 * phone and mailing address (lines, without the club's name, which pages add). `''` and `[]`
 * mean "not set", and a page then does not refer to them (no "Email us", no giving by mail).
 * Added after the first release, so older stored documents lack it.
 */
export const clubContactSchema = z.object({
  email: withNeutral(clubEmailOrEmptySchema, ''),
  phone: withNeutral(phoneOrEmptySchema, ''),
  mailingAddress: z.array(addressLineSchema).max(6),
})

/** Home page content (content key `content`). */
export const homeContentSchema = z.object({
  hero: heroSchema,
  legacyImpact: z.object({
    title: shortTextSchema,
    description: textSchema,
    stats: z.array(impactStatSchema).max(24),
  }),
  homeOf: z.object({
    title: shortTextSchema,
    teams: z.array(homeTeamSchema).max(24),
  }),
  // `donationLink` (online giving, `''` for none) and `sponsors` were added after the first
  // release, so older stored documents may lack them.
  support: z.object({
    title: shortTextSchema,
    description: textSchema,
    buttons: z.array(supportButtonSchema).max(6),
    donationLink: linkOrEmptySchema.optional(),
    sponsors: uniqueArray(sponsorSchema, { id: (sponsor) => sponsor.id }, MAX_SPONSORS).optional(),
  }),
  footer: z.object({
    socialLinks: socialLinksSchema,
  }),
  contact: clubContactSchema.optional(),
})

/**
 * What every page's footer shows of the home document: the social links and the club's contact
 * details (the row `siteFooter` the database derives from `content`).
 */
export const siteFooterSchema = homeContentSchema.pick({ footer: true, contact: true })

/** Home page content (content key `content`). */
export type HomeContent = z.infer<typeof homeContentSchema>
/** What every page's footer shows of the home document (`siteFooter`). */
export type SiteFooterContent = z.infer<typeof siteFooterSchema>
/** The home page hero. */
export type Hero = z.infer<typeof heroSchema>
/** One figure in the Legacy and Impact block. */
export type ImpactStat = z.infer<typeof impactStatSchema>
/** A team shown in the "Home of the" block. */
export type HomeTeam = z.infer<typeof homeTeamSchema>
/** A button in the Support block. */
export type SupportButton = z.infer<typeof supportButtonSchema>
/** A current sponsor. */
export type Sponsor = z.infer<typeof sponsorSchema>
/** A sponsorship tier id. */
export type SponsorTier = (typeof SPONSOR_TIERS)[number]
/** Footer social links. */
export type SocialLinks = z.infer<typeof socialLinksSchema>
/** The club's own contact details. */
export type ClubContact = z.infer<typeof clubContactSchema>

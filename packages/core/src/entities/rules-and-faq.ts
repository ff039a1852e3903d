import { z } from 'zod'
import {
  htmlSchema,
  idSchema,
  linkOrEmptySchema,
  linkSchema,
  shortTextSchema,
  textSchema,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** A titled list of rules (plain text, one rule per entry). */
export const rulesSectionSchema = z.object({
  title: shortTextSchema,
  rules: z.array(textSchema).max(200),
})

/** A member of the rules committee. */
export const committeeMemberSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  role: withNeutral(shortTextSchema, ''),
})

/** A section of the weather policy; `content` is HTML, sanitized when rendered. */
export const weatherPolicySectionSchema = z.object({
  id: idSchema,
  title: shortTextSchema,
  content: htmlSchema,
  link: linkSchema.optional(),
  linkText: shortTextSchema.optional(),
})

/** A question and answer; `category` groups items (e.g. `registration`, `weather`). */
export const faqItemSchema = z.object({
  id: idSchema,
  question: shortTextSchema,
  answer: textSchema,
  category: withNeutral(shortTextSchema, 'general'),
})

/** Rules, committee, weather policy and FAQ (content key `rulesAndFaqContent`, spec §3). */
export const rulesAndFaqContentSchema = z.object({
  title: shortTextSchema,
  subtitle: withNeutral(textSchema, ''),
  rulesSections: z.object({
    general: rulesSectionSchema,
    recreation: rulesSectionSchema,
    select: rulesSectionSchema,
    softball: rulesSectionSchema,
  }),
  committee: z.object({
    title: shortTextSchema,
    members: uniqueArray(committeeMemberSchema, { id: (member) => member.id }, 50),
  }),
  weatherPolicy: z.object({
    intro: textSchema,
    sections: uniqueArray(weatherPolicySectionSchema, { id: (section) => section.id }, 50),
  }),
  faq: z.object({
    title: shortTextSchema,
    items: uniqueArray(faqItemSchema, { id: (item) => item.id }, 500),
    contactText: withNeutral(textSchema, ''),
    contactButtonText: withNeutral(shortTextSchema, ''),
    contactLink: withNeutral(linkOrEmptySchema, ''),
  }),
})

/** Rules and FAQ content. */
export type RulesAndFaqContent = z.infer<typeof rulesAndFaqContentSchema>
/** A titled list of rules. */
export type RulesSection = z.infer<typeof rulesSectionSchema>
/** A rules committee member. */
export type CommitteeMember = z.infer<typeof committeeMemberSchema>
/** A weather policy section. */
export type WeatherPolicySection = z.infer<typeof weatherPolicySectionSchema>
/** A question and answer. */
export type FaqItem = z.infer<typeof faqItemSchema>

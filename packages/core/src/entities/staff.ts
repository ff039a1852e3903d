import { z } from 'zod'
import { idSchema, imageSrcOrEmptySchema, shortTextNamed } from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** A staff member (spec §3). `subtitle` is the role line (display text only). */
export const staffMemberSchema = z.object({
  id: idSchema,
  name: shortTextNamed('the name'),
  subtitle: withNeutral(shortTextNamed('the role line'), ''),
  imageUrl: withNeutral(imageSrcOrEmptySchema, ''),
})

/** All staff (content key `staff`), unique by id; teams and programs refer to them by id. */
export const staffSchema = uniqueArray(staffMemberSchema, { id: (member) => member.id }, 500)

/** A staff member. */
export type StaffMember = z.infer<typeof staffMemberSchema>

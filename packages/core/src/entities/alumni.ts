import { z } from 'zod'
import { idSchema, shortTextSchema } from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** An alumnus picked in the MLB draft; `achievement` is display text such as the round and year. */
export const draftPickSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  school: withNeutral(shortTextSchema, ''),
  achievement: withNeutral(shortTextSchema, ''),
})

/** An alumnus who committed to a college program; draft picks appear here too, flagged. */
export const collegeCommitSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  school: shortTextSchema,
  isDraftPick: z.boolean().optional(),
})

/** Alumni achievements (content key `alumni`). */
export const alumniSchema = z.object({
  mlbDraftPicks: uniqueArray(draftPickSchema, { id: (pick) => pick.id }, 1_000),
  collegeCommits: uniqueArray(collegeCommitSchema, { id: (commit) => commit.id }, 5_000),
})

/** Alumni achievements. */
export type Alumni = z.infer<typeof alumniSchema>
/** An MLB draft pick. */
export type DraftPick = z.infer<typeof draftPickSchema>
/** A college commitment. */
export type CollegeCommit = z.infer<typeof collegeCommitSchema>

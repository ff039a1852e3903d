/** IMPORTANT: visitors' content reads: one GET with the anon key (no supabase-js, no auth, no storage). */
export { createPublicReadClient } from '../backend/public-read-client.ts'
export {
  contentReadKeys,
  createPublicContentRepository,
  readAllEventPages,
  readAllTeamCoaches,
  readAllTeamPages,
} from '../content/content-repository.ts'
export { createNewsReader } from '../content/news-reader.ts'
export type { NewsReader } from '../content/news-reader.ts'

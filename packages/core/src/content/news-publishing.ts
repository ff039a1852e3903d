import { classify } from './content-repository.ts'

/** What the news publishing calls need of a client: supabase-js or its PostgREST client. */
export type RpcClient = {
  rpc(
    fn: string,
    args?: Record<string, unknown>,
  ): PromiseLike<{
    data: unknown
    error: { code?: string; message: string; details?: string | null } | null
    status: number
  }>
}

/** Publishing, as the database does it (supabase/migrations/*_news_scheduling.sql). */
export type NewsPublishing = {
  /** Publishes every scheduled post whose time has come; anyone may ask. How many it published. */
  publishDue(): Promise<number>
  /** Staff only: publishes the draft `id` now. False when there is no such draft. */
  publishNow(id: string): Promise<boolean>
  /** Staff only: takes the published post `id` off the site, back into the drafts. */
  unpublish(id: string): Promise<boolean>
}

/**
 * IMPORTANT: the only code that calls the database's news publishing functions. Each moves
 * posts between `newsDrafts` (staff only) and `newsPosts` (public) in one transaction; a
 * failure is a ContentError, as for any content save.
 *
 * @example
 * const publishing = createNewsPublishing(client)
 * await publishing.publishDue() // 1: a post scheduled for 9:00 is on the site at 9:00
 */
export function createNewsPublishing(client: RpcClient): NewsPublishing {
  const call = async (fn: string, args?: Record<string, unknown>) => {
    const { data, error, status } = await client.rpc(fn, args)
    if (error) throw classify(error, status)
    return data
  }
  return {
    publishDue: async () => Number(await call('publish_due_news')) || 0,
    publishNow: async (id) => (await call('publish_news_post', { post_id: id })) === true,
    unpublish: async (id) => (await call('unpublish_news_post', { post_id: id })) === true,
  }
}

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

/** One post of the staff's list: its fields but its body (unchecked: parse them), its block count. */
export type NewsListEntry = { key: string; post: unknown; blocks: number; version: number }

/**
 * The staff's news calls, as the database does them (supabase/migrations/*_news_posts_as_rows.sql):
 * publishing, the list of posts and deleting one. (A post itself is saved like any document, under
 * its key `news/<id>`.)
 */
export type NewsPublishing = {
  /** Publishes every scheduled post whose time has come; anyone may ask. How many it published. */
  publishDue(): Promise<number>
  /** Staff only: publishes the draft `id` now. False when there is no such draft. */
  publishNow(id: string): Promise<boolean>
  /** Staff only: takes the published post `id` off the site, back to a draft. */
  unpublish(id: string): Promise<boolean>
  /** Drafts and scheduled posts first, then published ones, newest first; `search` in title or address. */
  list(options: {
    page: number
    pageSize: number
    search?: string | undefined
  }): Promise<{ entries: NewsListEntry[]; total: number }>
  /** Deletes post `id` if still at `version` (else a ContentError of kind conflict). False when gone. */
  remove(id: string, version: number): Promise<boolean>
  /** The posts whose stored text holds one of `needles` (photos' hashes or addresses). */
  postsUsing(needles: readonly string[]): Promise<{ needle: string; title: string }[]>
  /** Every photo hash and site image path that some post holds. */
  imageRefs(): Promise<string[]>
}

/**
 * IMPORTANT: the only code that calls the database's staff news functions. Publishing changes one
 * post's row (and the database rewrites the newest cards, `newsPosts`); a failure is a
 * ContentError, as for any content save.
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
    async list({ page, pageSize, search }) {
      const rows = await call('news_admin_list', {
        page,
        page_size: pageSize,
        search: search?.trim() || null,
      })
      const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : []
      return {
        entries: list.map((row) => ({
          key: String(row.key),
          post: row.post,
          blocks: Number(row.blocks) || 0,
          version: Number(row.version) || 0,
        })),
        total: Number(list[0]?.total) || 0,
      }
    },
    remove: async (id, version) =>
      (await call('delete_news_post', { post_id: id, at_version: version })) === true,
    async postsUsing(needles) {
      if (needles.length === 0) return []
      const rows = await call('news_posts_using', { needles })
      return (Array.isArray(rows) ? (rows as Record<string, unknown>[]) : []).map((row) => ({
        needle: String(row.needle),
        title: String(row.title ?? ''),
      }))
    },
    async imageRefs() {
      const rows = await call('news_image_refs')
      return (Array.isArray(rows) ? (rows as Record<string, unknown>[]) : []).map((row) =>
        String(row.ref),
      )
    },
  }
}

import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { jsonBody, optionalInteger, optionalString } from './body.ts'
import { resolveCaller, runAsCaller } from './caller.ts'
import type { StorageContext } from './context.ts'
import { errors } from './errors.ts'
import type { ObjectRow } from './rows.ts'

type ListRow = Pick<
  ObjectRow,
  'name' | 'id' | 'updated_at' | 'created_at' | 'last_accessed_at' | 'metadata'
>

/** One entry of a listing: a file, or a folder with every other field null (§3.2). */
export type ListItem = {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ListRow['metadata']
}

type Entry = { item: ListItem; key: Buffer; row?: ListRow }

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
type SortColumn = (typeof SORT_COLUMNS)[number]
const MAX_LIMIT = 1500

function parseSort(value: unknown): { column: SortColumn; ascending: boolean } {
  const sortBy = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const column = typeof sortBy.column === 'string' ? sortBy.column.toLowerCase() : 'name'
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc'
  return {
    // storage.search falls back to name for a column it does not know.
    column: (SORT_COLUMNS as readonly string[]).includes(column) ? (column as SortColumn) : 'name',
    ascending: order !== 'desc',
  }
}

/** Orders keys as Postgres' `lower(name) collate "C"` does: by UTF-8 bytes. */
function byteKey(text: string): Buffer {
  return Buffer.from(text.toLowerCase(), 'utf8')
}

/**
 * Groups the rows under `prefix` into files and folders, as `storage.search`
 * does: a row with a `/` after the prefix and search text is a folder entry
 * named by its next segment; names are relative to the prefix.
 */
function entriesOf(
  rows: ListRow[],
  prefix: string,
  search: string,
): { files: Entry[]; folders: Entry[] } {
  const scanned = prefix.length + search.length
  const files: Entry[] = []
  const folders = new Map<string, Entry>()
  // In key order, so a folder spelled in several cases is named as its first object spells it.
  const sorted = rows
    .map((row) => ({ row, key: byteKey(row.name) }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
  for (const { row, key } of sorted) {
    const slash = row.name.indexOf('/', scanned)
    if (slash < 0) {
      const item = { ...row, name: row.name.slice(prefix.length) }
      files.push({ item, key, row })
      continue
    }
    const common = row.name.slice(0, slash + 1)
    const folderKey = common.toLowerCase()
    if (folders.has(folderKey)) continue
    folders.set(folderKey, {
      item: {
        name: row.name.slice(prefix.length, slash),
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      },
      key: byteKey(common),
    })
  }
  return { files, folders: [...folders.values()] }
}

function orderEntries(
  { files, folders }: { files: Entry[]; folders: Entry[] },
  column: SortColumn,
  ascending: boolean,
): Entry[] {
  const direction = ascending ? 1 : -1
  const byKey = (a: Entry, b: Entry) => Buffer.compare(a.key, b.key) * direction
  if (column === 'name') return [...files, ...folders].sort(byKey)
  // Other columns: folders first (by name), then files by the column, as storage.search does.
  const byColumn = (a: Entry, b: Entry) => {
    const left = a.row?.[column]?.getTime() ?? 0
    const right = b.row?.[column]?.getTime() ?? 0
    return left === right ? byKey(a, b) : (left - right) * direction
  }
  return [...folders.sort(byKey), ...files.sort(byColumn)]
}

/** `POST /object/list/{bucket}`: one level of a bucket, under the caller's SELECT policy. */
export async function listObjects(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
): Promise<ServiceResponse> {
  const body = jsonBody(request)
  let prefix = optionalString(body, 'prefix') ?? ''
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/'
  const search = optionalString(body, 'search') ?? ''
  const limit = optionalInteger(body.limit, 'body/limit', 100)
  const offset = optionalInteger(body.offset, 'body/offset', 0)
  if (limit < 0 || offset < 0) throw errors.invalidRequest('limit and offset must be >= 0')
  const { column, ascending } = parseSort(body.sortBy)

  const caller = await resolveCaller(context, request)
  const rows = await runAsCaller(context, caller, 'storage.object.list', async (tx) => {
    const result = await tx.query<ListRow>(
      `select name, id, updated_at, created_at, last_accessed_at, metadata
       from storage.objects where bucket_id = $1 and starts_with(lower(name), lower($2))`,
      [bucketId, prefix + search],
    )
    return result.rows
  })
  const ordered = orderEntries(entriesOf(rows, prefix, search), column, ascending)
  const page = ordered.slice(offset, offset + Math.min(limit, MAX_LIMIT))
  return { status: 200, json: page.map((entry) => entry.item) }
}

import { createHash } from 'node:crypto'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * Where a folder's job keeps its manifest and hash cache: one place per folder, outside it (the
 * photo folder may be read-only, and nothing is written next to the photos).
 */
export function defaultStateDir(
  folder: string,
  base = process.env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'),
): string {
  const id = createHash('sha256').update(resolve(folder)).digest('hex').slice(0, 16)
  return join(base, 'club-photo-upload', id)
}

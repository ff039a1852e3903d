import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'

import { isUuid } from './caller.ts'

/**
 * Where object bodies live. Keys are version ids (uuids the service mints),
 * never object names, so a hostile name cannot reach the file system; an
 * upsert writes a new version beside the old one and the old one is removed
 * only after the database row points at the new one.
 */
export type BlobStore = {
  write(key: string, bytes: Uint8Array): Promise<void>
  /** The body, or undefined when it is missing. */
  read(key: string): Promise<Buffer | undefined>
  /** Copies a body to a new key; false when the source is missing. */
  copy(from: string, to: string): Promise<boolean>
  remove(key: string): Promise<void>
  /** Deletes bodies no row refers to and leftover temp files (crash debris). */
  sweep(referenced: Set<string>): Promise<number>
}

function checkKey(key: string): string {
  // The one gate between a key and a file path: only our own uuids get through.
  if (!isUuid(key)) throw new Error(`refusing blob key ${JSON.stringify(key)}`)
  return key.toLowerCase()
}

/** Keeps bodies in memory (the server's in-memory mode). */
export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, Buffer>()
  return {
    async write(key, bytes) {
      blobs.set(checkKey(key), Buffer.from(bytes))
    },
    async read(key) {
      return blobs.get(checkKey(key))
    },
    async copy(from, to) {
      const body = blobs.get(checkKey(from))
      if (!body) return false
      blobs.set(checkKey(to), body)
      return true
    },
    async remove(key) {
      blobs.delete(checkKey(key))
    },
    async sweep(referenced) {
      let removed = 0
      for (const key of [...blobs.keys()]) {
        if (!referenced.has(key)) {
          blobs.delete(key)
          removed++
        }
      }
      return removed
    },
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}

/**
 * Keeps bodies under `root/objects/<version>`. Writes go to `root/tmp` first
 * and are renamed into place, so a crash never leaves half a body behind a key.
 */
export function diskBlobStore(root: string): BlobStore {
  const base = resolve(root)
  const objectsDir = join(base, 'objects')
  const tmpDir = join(base, 'tmp')
  let ready: Promise<unknown> | undefined
  const ensureDirs = () =>
    (ready ??= Promise.all([
      mkdir(objectsDir, { recursive: true }),
      mkdir(tmpDir, { recursive: true }),
    ]))

  const pathOf = (key: string) => {
    const path = resolve(objectsDir, checkKey(key))
    if (!path.startsWith(objectsDir + sep)) throw new Error('blob path escapes the storage folder')
    return path
  }

  async function place(key: string, fill: (tmp: string) => Promise<void>) {
    await ensureDirs()
    const tmp = join(tmpDir, `${randomUUID()}.partial`)
    try {
      await fill(tmp)
      await rename(tmp, pathOf(key))
    } catch (error) {
      await rm(tmp, { force: true })
      throw error
    }
  }

  return {
    write: (key, bytes) => place(key, (tmp) => writeFile(tmp, bytes)),
    async read(key) {
      try {
        return await readFile(pathOf(key))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async copy(from, to) {
      const source = pathOf(from)
      try {
        await stat(source)
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
      await place(to, (tmp) => copyFile(source, tmp))
      return true
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    async sweep(referenced) {
      await ensureDirs()
      let removed = 0
      for (const file of await readdir(tmpDir)) {
        await rm(join(tmpDir, file), { force: true, recursive: true })
      }
      for (const file of await readdir(objectsDir)) {
        if (isUuid(file) && referenced.has(file.toLowerCase())) continue
        await rm(join(objectsDir, file), { force: true, recursive: true })
        removed++
      }
      return removed
    },
  }
}

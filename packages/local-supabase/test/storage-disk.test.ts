import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const BUCKET = 'photo-library'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** GIF-shaped bytes; Storage never decodes them. */
function gif(marker: number): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    Buffer.alloc(32, marker),
    Buffer.from([0x3b]),
  ])
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

/** Sends a request with the path exactly as written (fetch would resolve `..` segments first). */
function rawRequest(url: string, path: string, headers: Record<string, string>, body: Buffer) {
  const { hostname, port } = new URL(url)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'POST', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe.runIf(localOnly('stops and restarts the embedded server on a data folder'))(
  'storage on disk (a data folder)',
  () => {
    // The data folder sits inside a sandbox folder, so anything written beside it is visible.
    const sandbox = mkdtempSync(join(tmpdir(), 'local-supabase-storage-'))
    const dataDir = join(sandbox, 'data')
    let h: Harness
    let staff: SupabaseClient
    let staffToken: string

    // A database built from scratch on disk (initdb, every migration, the seed): on a busy
    // 2-core machine that takes longer than the 30 s a hook gets by default.
    beforeAll(async () => {
      h = await startHarness({ dataDir })
    }, 120_000)
    // A staff session of each test's own, on the server running now (a test restarts it, on
    // another port).
    beforeEach(async () => {
      staff = (await h.signedInUser({ staff: true })).client
      staffToken = (await staff.auth.getSession()).data.session?.access_token ?? ''
    })
    afterAll(async () => {
      await h?.stop()
      rmSync(sandbox, { recursive: true, force: true })
    })

    it('should keep bodies under the storage folder, named by version id', async () => {
      const storage = join(dataDir, 'storage')
      const before = existsSync(storage) ? filesUnder(storage) : []
      const { error } = await staff.storage
        .from(BUCKET)
        .upload(`albums/${randomUUID()}.gif`, gif(1), { contentType: 'image/gif' })
      expect(error).toBeNull()
      const added = filesUnder(storage).filter((file) => !before.includes(file))
      expect(added).toEqual([expect.stringMatching(/^objects\/[0-9a-f-]{36}$/)])
      expect(readdirSync(sandbox)).toEqual(['data'])
    })

    it('should refuse traversal in object names and write nothing outside the storage folder', async () => {
      const headers = {
        authorization: `Bearer ${staffToken}`,
        apikey: h.anonKey,
        'content-type': 'image/gif',
      }
      const before = filesUnder(sandbox).sort()
      const attempts = [
        `/storage/v1/object/${BUCKET}/..%2F..%2F..%2Fescape.gif`,
        `/storage/v1/object/${BUCKET}/a%2F..%2F..%2Fescape.gif`,
        `/storage/v1/object/${BUCKET}/..%5C..%5Cescape.gif`,
        `/storage/v1/object/${BUCKET}/%2Fetc%2Fescape.gif`,
        `/storage/v1/object/${BUCKET}/../../../escape.gif`,
        `/storage/v1/object/..%2F..%2F/escape.gif`,
      ]
      for (const path of attempts) {
        const response = await rawRequest(h.url, path, headers, gif(9))
        expect(response.status, path).toBeGreaterThanOrEqual(400)
      }
      expect(filesUnder(sandbox).sort()).toEqual(before)
      expect(filesUnder(sandbox).some((file) => file.includes('escape'))).toBe(false)
      for (const file of filesUnder(join(dataDir, 'storage'))) {
        expect(file.split('/')[1]).toMatch(UUID)
      }
    })

    it('should serve an object after a restart and clear files a crash left behind', async () => {
      const bytes = gif(7)
      const folder = `kept-${randomUUID()}`
      const path = `${folder}/photo.gif`
      const { error } = await staff.storage
        .from(BUCKET)
        .upload(path, bytes, { contentType: 'image/gif' })
      expect(error).toBeNull()
      await h.stop()

      // What a crash between writing a body and committing its row would leave.
      const orphan = join(dataDir, 'storage', 'objects', randomUUID())
      const partial = join(dataDir, 'storage', 'tmp', `${randomUUID()}.partial`)
      writeFileSync(orphan, 'orphan')
      writeFileSync(partial, 'half')

      h = await startHarness({ dataDir })
      const { data, error: downloadError } = await h.anon.storage.from(BUCKET).download(path)
      expect(downloadError).toBeNull()
      expect(Buffer.from(await data!.arrayBuffer())).toEqual(bytes)
      expect(existsSync(orphan)).toBe(false)
      expect(existsSync(partial)).toBe(false)
      const listed = await h.service.storage.from(BUCKET).list(folder)
      expect(listed.data?.map((item) => item.name)).toEqual(['photo.gif'])
    })
  },
)

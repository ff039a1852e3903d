/**
 * The first-run form's check, against the real local backend (a Supabase project), a server
 * that is not one (a web page, as a site address mistaken for the backend would be), a gateway
 * that refuses the key as the hosted one does, and an address where nothing listens.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '@club/local-supabase/testing'
import type { Harness } from '@club/local-supabase/testing'

import { checkSupabaseProject, projectCheckMessages, ProjectCheckError } from './project-check.ts'

let harness: Harness
let other: { url: string; close(): Promise<void> }

/** A plain HTTP server answering every request with `status` and `body`. */
async function answering(status: number, body: string, type: string) {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': type }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

beforeAll(async () => {
  harness = await startHarness()
  other = await answering(200, '<!doctype html><title>Club</title>', 'text/html')
}, 60_000)
afterAll(async () => {
  await harness?.stop()
  await other?.close()
})

describe('checkSupabaseProject', () => {
  it('should pass a Supabase project with its anon key', async () => {
    await expect(
      checkSupabaseProject({ backendUrl: harness.url, anonKey: harness.anonKey }),
    ).resolves.toBeUndefined()
  })

  it('should say when nothing answers at the address', async () => {
    const closed = await answering(200, '', 'text/plain')
    await closed.close()
    await expect(
      checkSupabaseProject({ backendUrl: closed.url, anonKey: harness.anonKey }),
    ).rejects.toThrow(new ProjectCheckError(projectCheckMessages.unreachable(closed.url)))
  })

  it('should say when the address answers, but not as a Supabase project', async () => {
    await expect(
      checkSupabaseProject({ backendUrl: other.url, anonKey: harness.anonKey }),
    ).rejects.toThrow(projectCheckMessages.notSupabase(other.url))
  })

  it('should say when the project refuses the key', async () => {
    // What Supabase's gateway answers a key of another project.
    const gateway = await answering(
      401,
      '{"message":"Invalid API key","hint":"Double check your Supabase `anon` or `service_role` API key."}',
      'application/json',
    )
    try {
      await expect(
        checkSupabaseProject({ backendUrl: gateway.url, anonKey: harness.anonKey }),
      ).rejects.toThrow(projectCheckMessages.keyRefused(gateway.url))
    } finally {
      await gateway.close()
    }
  })
})

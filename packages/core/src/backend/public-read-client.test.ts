import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { ContentError, createPublicContentRepository } from '../content/content-repository.ts'
import { createPublicReadClient, deadlineFetch } from './public-read-client.ts'

// Real HTTP against small servers that misbehave as a dead or struggling backend would.

const servers: { close(): void }[] = []

afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A server that answers each request with the next status of `statuses` (200 after). */
async function serverAnswering(statuses: number[]) {
  let requests = 0
  const server = createServer((_req, res) => {
    const status = statuses[requests++] ?? 200
    res.writeHead(status, { 'content-type': 'application/json' }).end('[]')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, requests: () => requests }
}

/** A server that accepts connections and never answers. */
async function silentServer() {
  const server = createServer(() => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push({ close: () => server.close() })
  servers.push({ close: () => server.closeAllConnections() })
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

describe('deadlineFetch', () => {
  it('should retry a 503 briefly and return the answer that follows', async () => {
    const backend = await serverAnswering([503, 502])
    const response = await deadlineFetch(fetch)(backend.url)
    expect(response.status).toBe(200)
    expect(backend.requests()).toBe(3)
  })

  it('should never repeat a write', async () => {
    const backend = await serverAnswering([503])
    const response = await deadlineFetch(fetch)(backend.url, { method: 'POST', body: '{}' })
    expect(response.status).toBe(503)
    expect(backend.requests()).toBe(1)
  })

  it('should return a client error at once, without retrying', async () => {
    const backend = await serverAnswering([404])
    const response = await deadlineFetch(fetch)(backend.url)
    expect(response.status).toBe(404)
    expect(backend.requests()).toBe(1)
  })

  it('should fail within its deadline when the backend never answers', async () => {
    const url = await silentServer()
    const started = Date.now()
    await expect(deadlineFetch(fetch, { deadlineMs: 400 })(url)).rejects.toThrow(
      'did not answer within 0.4 s',
    )
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})

describe('createPublicReadClient', () => {
  it('should report a backend that refuses connections within 3 s, as unavailable', async () => {
    const closed = await serverAnswering([])
    servers.pop()?.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const repository = createPublicContentRepository(
      createPublicReadClient({ url: closed.url, anonKey: 'anon' }),
    )
    const started = Date.now()
    const failure = await repository.read(['content']).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ContentError)
    expect(failure).toMatchObject({ kind: 'unavailable', status: 0 })
    expect((failure as ContentError).message).toMatch(/^TypeError: /)
    expect(Date.now() - started).toBeLessThan(3_000)
  })
})

describe('createPublicContentRepository', () => {
  /** A server that records each request and answers with `status` and `body`. */
  async function recordingServer(status: number, body: string) {
    const requests: { url: string; apikey: string | undefined; auth: string | undefined }[] = []
    const server = createServer((req, res) => {
      requests.push({
        url: req.url ?? '',
        apikey: req.headers.apikey as string | undefined,
        auth: req.headers.authorization,
      })
      res.writeHead(status, { 'content-type': 'application/json' }).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    const { port } = server.address() as AddressInfo
    const repository = createPublicContentRepository(
      createPublicReadClient({ url: `http://127.0.0.1:${port}/`, anonKey: 'anon-key' }),
    )
    return { repository, requests }
  }

  it('should ask for the keys in one GET with the anon key, and return the rows', async () => {
    const rows = [
      { key: 'alerts', value: { a: 1 }, version: 3, updated_at: '2026-11-20T10:00:00Z' },
    ]
    const { repository, requests } = await recordingServer(200, JSON.stringify(rows))
    await expect(repository.read(['content', 'alerts'])).resolves.toEqual([
      { key: 'alerts', value: { a: 1 }, version: 3, updatedAt: '2026-11-20T10:00:00Z' },
    ])
    expect(requests).toHaveLength(1)
    const url = new URL(requests[0]?.url ?? '', 'http://host')
    expect(url.pathname).toBe('/rest/v1/website_content')
    expect(url.searchParams.get('select')).toBe('key,value,version,updated_at')
    expect(url.searchParams.get('key')).toBe('in.(content,alerts)')
    expect(requests[0]).toMatchObject({ apikey: 'anon-key', auth: 'Bearer anon-key' })
  })

  it('should classify an error answer from its PostgREST body', async () => {
    const { repository } = await recordingServer(
      401,
      JSON.stringify({ code: 'PGRST301', message: 'JWT expired', details: null }),
    )
    await expect(repository.read(['content'])).rejects.toMatchObject({
      kind: 'forbidden',
      status: 401,
      code: 'PGRST301',
      message: 'JWT expired',
    })
  })

  it('should call an answer that is not a list of rows unavailable', async () => {
    const { repository } = await recordingServer(200, '<html>gateway</html>')
    await expect(repository.read(['content'])).rejects.toMatchObject({ kind: 'unavailable' })
  })
})

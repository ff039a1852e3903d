import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

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
  it('should report a backend that refuses connections within 3 s', async () => {
    const closed = await serverAnswering([])
    servers.pop()?.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const client = createPublicReadClient({ url: closed.url, anonKey: 'anon' })
    const started = Date.now()
    const { error } = await client.from('website_content').select('key, value')
    expect(error).not.toBeNull()
    expect(Date.now() - started).toBeLessThan(3_000)
  })
})

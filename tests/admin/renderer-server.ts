import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The desktop app's built renderer (`pnpm --filter @club/admin build`). */
export const RENDERER_DIR = fileURLToPath(new URL('../../apps/admin/out/renderer', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/**
 * Serves the built renderer the way the app:// protocol does for these tests: its files, and
 * index.html for the app's routes. (The protocol's own rules are unit-tested in apps/admin.)
 */
export async function serveRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('The desktop renderer is not built: run pnpm --filter @club/admin build first')
  }
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(RENDERER_DIR, path)
    const inside = file.startsWith(RENDERER_DIR + sep) && extname(file) !== ''
    const served = inside ? file : join(RENDERER_DIR, 'index.html')
    readFile(served).then(
      (body) => {
        const type = TYPES[extname(served)] ?? 'application/octet-stream'
        response.writeHead(200, { 'Content-Type': type }).end(body)
      },
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

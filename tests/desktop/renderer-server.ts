import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import {
  APP_ORIGIN,
  contentSecurityPolicy,
  serveAppRequest,
} from '../../apps/desktop/src/main/app-protocol.ts'
import type { PolicyOrigins } from '../../apps/desktop/src/main/app-protocol.ts'

/** The desktop app's built renderer (`pnpm --filter @club/desktop build`). */
export const RENDERER_DIR = fileURLToPath(
  new URL('../../apps/desktop/out/renderer', import.meta.url),
)

/**
 * Serves the built renderer over http with exactly what the app:// protocol answers: each
 * request is handed to the main process's own `serveAppRequest` as the `app://club/…` request
 * it would be in the app, and its status, body and headers (the Content-Security-Policy
 * included, for `origins`) are sent back unchanged. So these suites run the renderer under
 * the app's real policy: a Realtime socket or a frame the policy refuses is refused here too.
 * (Only the origin differs: `'self'` is this server's instead of app://club.)
 */
export async function serveRenderer(
  origins: PolicyOrigins = { backendUrl: null },
): Promise<{ url: string; csp: string; close(): Promise<void> }> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(
      'The desktop renderer is not built: run pnpm --filter @club/desktop build first',
    )
  }
  const csp = contentSecurityPolicy(origins)
  const server = createServer((request, response) => {
    const { pathname, search } = new URL(request.url ?? '/', 'http://renderer')
    const appRequest = new Request(`${APP_ORIGIN}${pathname}${search}`, {
      method: request.method ?? 'GET',
    })
    serveAppRequest(appRequest, { rootDir: RENDERER_DIR, csp }).then(
      async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers))
        response.end(Buffer.from(await answer.arrayBuffer()))
      },
      () => response.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    csp,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

import type { Service, ServiceContext } from '../http/types.ts'

export function createAuthService(_context: ServiceContext): Service {
  return async () => ({ status: 501, json: { message: 'not implemented' } })
}

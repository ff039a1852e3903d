import type { Service, ServiceContext } from '../http/types.ts'

export function createRestService(_context: ServiceContext): Service {
  return async () => ({ status: 501, json: { message: 'not implemented' } })
}

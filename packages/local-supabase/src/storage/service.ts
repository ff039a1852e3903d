import type { Service, ServiceContext } from '../http/types.ts'

export function createStorageService(_context: ServiceContext): Service {
  return async () => ({ status: 501, json: { message: 'not implemented' } })
}

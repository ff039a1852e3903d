import type { Service, ServiceContext, ServiceRequest, ServiceResponse } from '../http/types.ts'
import { AuthError, OAuthError, errorResponse, notFound } from './errors.ts'
import { getUser, reauthenticate, updateCurrentUser } from './handlers/account.ts'
import {
  createUserAsAdmin,
  deleteUserAsAdmin,
  getUserAsAdmin,
  listUsers,
  updateUserAsAdmin,
} from './handlers/admin.ts'
import { generateLink, invite, otp, outbox, recover } from './handlers/links.ts'
import {
  adminDeleteFactor,
  adminListFactors,
  challengeFactor,
  enrollFactor,
  unenrollFactor,
  verifyFactor,
} from './handlers/mfa.ts'
import { authorize, health, jwks, notSupportedLocally, settings } from './handlers/misc.ts'
import { logout, signup, token } from './handlers/sign-in.ts'
import { verifyGet, verifyPost } from './handlers/verify.ts'

type Handler = (
  context: ServiceContext,
  request: ServiceRequest,
  param: string,
  second: string,
) => Promise<ServiceResponse> | ServiceResponse

type Route = { method: string; path: RegExp; handler: Handler }

const route = (method: string, path: string, handler: Handler): Route => ({
  method,
  // Each `{id}` captures one path segment; everything else matches literally.
  path: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replaceAll('{id}', '([^/]+)')}$`),
  handler,
})

const ROUTES: Route[] = [
  route('GET', '/health', () => health()),
  route('GET', '/settings', (context) => settings(context)),
  route('GET', '/.well-known/jwks.json', () => jwks()),
  route('POST', '/signup', signup),
  route('POST', '/token', token),
  route('POST', '/logout', logout),
  route('GET', '/user', getUser),
  route('PUT', '/user', updateCurrentUser),
  route('POST', '/recover', recover),
  route('POST', '/otp', otp),
  route('POST', '/magiclink', otp),
  route('POST', '/verify', verifyPost),
  route('GET', '/verify', verifyGet),
  route('GET', '/authorize', () => authorize()),
  route('POST', '/resend', () =>
    notSupportedLocally('Resending confirmation messages (sign-ups are confirmed at once)'),
  ),
  route('POST', '/invite', invite),
  route('GET', '/reauthenticate', reauthenticate),
  route('POST', '/factors', enrollFactor),
  route('POST', '/factors/{id}/challenge', challengeFactor),
  route('POST', '/factors/{id}/verify', verifyFactor),
  route('DELETE', '/factors/{id}', unenrollFactor),
  route('POST', '/admin/generate_link', generateLink),
  route('GET', '/admin/users', listUsers),
  route('POST', '/admin/users', createUserAsAdmin),
  route('GET', '/admin/users/{id}', getUserAsAdmin),
  route('PUT', '/admin/users/{id}', updateUserAsAdmin),
  route('DELETE', '/admin/users/{id}', deleteUserAsAdmin),
  route('GET', '/admin/users/{id}/factors', adminListFactors),
  route('DELETE', '/admin/users/{id}/factors/{id}', adminDeleteFactor),
  // Not GoTrue: copies of the account email sent (see handlers/links.ts).
  route('GET', '/local/outbox', outbox),
]

type Match = { handler: Handler; param: string; second: string }

function match(method: string, path: string): Match | undefined {
  const effective = method === 'HEAD' ? 'GET' : method
  for (const candidate of ROUTES) {
    if (candidate.method !== effective) continue
    const found = candidate.path.exec(path)
    if (found) {
      return {
        handler: candidate.handler,
        param: decodeURIComponent(found[1] ?? ''),
        second: decodeURIComponent(found[2] ?? ''),
      }
    }
  }
  return undefined
}

/** The GoTrue-compatible `/auth/v1` service (wire contract §2). */
export function createAuthService(context: ServiceContext): Service {
  return async (request) => {
    const path = request.path.length > 1 ? request.path.replace(/\/+$/, '') : request.path
    try {
      const found = match(request.method, path)
      if (!found) throw notFound('not_found', `Not Found: ${request.method} ${path}`)
      return await found.handler(context, request, found.param, found.second)
    } catch (error) {
      if (error instanceof AuthError || error instanceof OAuthError)
        return errorResponse(request, error)
      context.config.log(
        `auth: ${request.method} ${path} failed: ${(error as Error).stack ?? String(error)}`,
      )
      return errorResponse(
        request,
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      )
    }
  }
}

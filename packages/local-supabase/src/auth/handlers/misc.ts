import type { ServiceContext, ServiceResponse } from '../../http/types.ts'
import { AuthError, badRequest } from '../errors.ts'

const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
]

/** `GET /settings` (GoTrue's `internal/api/settings.go` shape). */
export function settings(context: ServiceContext): ServiceResponse {
  const external: Record<string, boolean> = { anonymous_users: false }
  for (const provider of OAUTH_PROVIDERS) external[provider] = false
  external.email = true
  // Phone sign-up works here without an SMS provider: numbers are confirmed at once.
  external.phone = true
  return {
    status: 200,
    json: {
      external,
      disable_signup: !context.config.signupEnabled,
      mailer_autoconfirm: true,
      phone_autoconfirm: true,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    },
  }
}

export function health(): ServiceResponse {
  return {
    status: 200,
    json: {
      version: 'local',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    },
  }
}

/** HS256 tokens have no public key to publish; supabase-js only fetches this for asymmetric tokens. */
export function jwks(): ServiceResponse {
  return { status: 200, json: { keys: [] } }
}

/** `GET /authorize`: no OAuth provider is configured locally, as GoTrue answers for a disabled one. */
export function authorize(): never {
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
}

/** Endpoints that need a mailer, an SMS provider or MFA, none of which a local server has. */
export function notSupportedLocally(what: string): never {
  throw new AuthError(422, 'not_supported_locally', `${what} is not supported by the local server`)
}

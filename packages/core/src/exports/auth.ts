/** IMPORTANT: the public entry for sign-in state and the auth wrappers. The only code that calls `client.auth`. */
export {
  createAuthController,
  NEW_PASSWORD_NEEDS_SESSION_MESSAGE,
} from '../auth/auth-controller.ts'
export { MISSING_CREDENTIALS_MESSAGE, RESET_NEEDS_EMAIL_MESSAGE } from '../auth/sign-in.ts'
export { PROFILE_NEEDS_SESSION_MESSAGE } from '../auth/auth-result.ts'
export type { AuthController, AuthControllerOptions, AuthLogger } from '../auth/auth-controller.ts'
export type { AuthState, AuthStatus } from '../auth/auth-state.ts'
export type { SignInInput, SignUpInput } from '../auth/sign-in.ts'
export type { AuthResult } from '../auth/auth-result.ts'
export { AuthProvider, useAuth } from '../auth/auth-provider.tsx'
export type { AuthContextValue, AuthProviderProps } from '../auth/auth-provider.tsx'
export {
  BROKEN_LINK_MESSAGE,
  EXPIRED_LINK_MESSAGE,
  readRecoveryLink,
} from '../auth/recovery-link.ts'
export type { RecoveryLink } from '../auth/recovery-link.ts'

/** IMPORTANT: the public entry for sign-in state and the auth wrappers. The only code that calls `client.auth`. */
export {
  createAuthController,
  MISSING_CREDENTIALS_MESSAGE,
  PROFILE_NEEDS_SESSION_MESSAGE,
} from '../auth/auth-controller.ts'
export type {
  AuthController,
  AuthLogger,
  AuthResult,
  AuthState,
  AuthStatus,
  SignInInput,
  SignUpInput,
} from '../auth/auth-controller.ts'
export { AuthProvider, useAuth } from '../auth/auth-provider.tsx'
export type { AuthContextValue, AuthProviderProps } from '../auth/auth-provider.tsx'

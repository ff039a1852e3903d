import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import type { ReactNode } from 'react'

import type { BackendClient } from '../backend/client.ts'
import { FullScreenLoader } from '../ui/loader/full-screen-loader.tsx'
import type { NoticeStore } from '../ui/notices/notice-store.ts'
import { createAuthController } from './auth-controller.ts'
import type { AuthController, AuthLogger } from './auth-controller.ts'
import type { AuthState } from './auth-state.ts'

/** What `useAuth()` gives: the state and the product's wrappers (each shows its own notice). */
export type AuthContextValue = AuthState &
  Pick<
    AuthController,
    | 'signIn'
    | 'signUp'
    | 'signOut'
    | 'updateProfile'
    | 'requestPasswordReset'
    | 'setNewPassword'
    | 'listFactors'
    | 'enrollTotp'
    | 'verifyCode'
    | 'removeFactor'
    | 'refreshTwoFactorRequired'
    | 'checkCurrentPassword'
    | 'changePassword'
    | 'sendReauthenticationCode'
    | 'listDevices'
    | 'signOutDevice'
    | 'signOutOtherDevices'
  >

/** Props of the auth provider. */
export type AuthProviderProps = {
  /** The app's backend client (from `createBackendClient`). */
  client: BackendClient
  /** Where the sign-in, sign-out and profile notices go. */
  notices?: NoticeStore
  logger?: AuthLogger
  /** The access token of the recovery link the page was opened with, if any (`readRecoveryLink`). */
  recoveryAccessToken?: string
  /** Shown instead of the children until the first session is read. */
  fallback?: ReactNode
  children?: ReactNode
}

const AuthContext = createContext<AuthContextValue | null>(null)

/**
 * Follows the auth service and provides who is signed in, whether they are staff, whether
 * a password-recovery link opened the session, and the sign-in, sign-up, sign-out, profile
 * and password-reset wrappers. Renders the full-screen
 * loader until the first session has been read.
 */
export function AuthProvider({
  client,
  notices,
  logger,
  recoveryAccessToken,
  fallback = <FullScreenLoader label="Checking your session" />,
  children,
}: AuthProviderProps) {
  const [controller] = useState(() =>
    createAuthController(client, { notify: notices?.show, logger, recoveryAccessToken }),
  )
  useEffect(() => controller.start(), [controller])
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  )
  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: controller.signIn,
      signUp: controller.signUp,
      signOut: controller.signOut,
      updateProfile: controller.updateProfile,
      requestPasswordReset: controller.requestPasswordReset,
      setNewPassword: controller.setNewPassword,
      listFactors: controller.listFactors,
      enrollTotp: controller.enrollTotp,
      verifyCode: controller.verifyCode,
      removeFactor: controller.removeFactor,
      refreshTwoFactorRequired: controller.refreshTwoFactorRequired,
      checkCurrentPassword: controller.checkCurrentPassword,
      changePassword: controller.changePassword,
      sendReauthenticationCode: controller.sendReauthenticationCode,
      listDevices: controller.listDevices,
      signOutDevice: controller.signOutDevice,
      signOutOtherDevices: controller.signOutOtherDevices,
    }),
    [state, controller],
  )
  return (
    <AuthContext.Provider value={value}>
      {state.status === 'loading' ? fallback : children}
    </AuthContext.Provider>
  )
}

/** The auth state and wrappers. Throws outside an AuthProvider (spec §8). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside an AuthProvider')
  return value
}

/** The signed-in account's id, or undefined when nobody is signed in or outside an AuthProvider. */
export function useSignedInUserId(): string | undefined {
  return useContext(AuthContext)?.user?.id
}

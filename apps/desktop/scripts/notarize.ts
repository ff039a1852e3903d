/**
 * electron-builder's `afterSign` hook (electron-builder.config.ts): notarizes the signed macOS
 * app with Apple (`@electron/notarize`, notarytool), when the credentials are in the environment:
 *
 * - APPLE_API_KEY (path to the .p8 key), APPLE_API_KEY_ID, APPLE_API_ISSUER (preferred), or
 * - APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID.
 *
 * Anything else (another platform, no credentials) is skipped with the reason printed, so a
 * local or Linux build never fails here. electron-builder calls it only after it signed the app.
 */
import { join } from 'node:path'

import { notarize } from '@electron/notarize'

/** The part of electron-builder's AfterPackContext the hook reads. */
export type SignedAppContext = {
  electronPlatformName: string
  appOutDir: string
  packager: { appInfo: { productFilename: string } }
}

type Credentials =
  | { appleApiKey: string; appleApiKeyId: string; appleApiIssuer: string }
  | { appleId: string; appleIdPassword: string; teamId: string }

/** notarytool's two ways to sign in, preferred first: the variable that gives each field. */
const CREDENTIAL_VARIABLES: Record<string, string>[] = [
  {
    appleApiKey: 'APPLE_API_KEY',
    appleApiKeyId: 'APPLE_API_KEY_ID',
    appleApiIssuer: 'APPLE_API_ISSUER',
  },
  { appleId: 'APPLE_ID', appleIdPassword: 'APPLE_APP_SPECIFIC_PASSWORD', teamId: 'APPLE_TEAM_ID' },
]

/** What the hook will do: notarize this app with these credentials, or skip and say why. */
export function notarizePlan(
  context: SignedAppContext,
  env: Record<string, string | undefined>,
): { skip: string } | { appPath: string; credentials: Credentials } {
  if (context.electronPlatformName !== 'darwin') {
    return { skip: `only macOS apps are notarized (this is ${context.electronPlatformName})` }
  }
  const appPath = join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`)
  for (const variables of CREDENTIAL_VARIABLES) {
    const fields = Object.entries(variables).map(([field, name]) => [field, env[name]] as const)
    if (fields.every(([, value]) => value)) {
      return { appPath, credentials: Object.fromEntries(fields) as Credentials }
    }
  }
  const names = CREDENTIAL_VARIABLES.map((variables) => Object.values(variables).join(', '))
  return { skip: `no Apple credentials (${names.join(', or ')})` }
}

/** The hook. `submit` is @electron/notarize's `notarize` (a parameter so tests can watch it). */
export async function afterSign(
  context: SignedAppContext,
  env: Record<string, string | undefined> = process.env,
  submit: typeof notarize = notarize,
): Promise<string> {
  const plan = notarizePlan(context, env)
  if ('skip' in plan) {
    const message = `notarize: skipped: ${plan.skip}`
    console.log(message)
    return message
  }
  console.log(`notarize: submitting ${plan.appPath} to Apple`)
  await submit({ appPath: plan.appPath, ...plan.credentials })
  return `notarize: notarized ${plan.appPath}`
}

export default afterSign

/**
 * IMPORTANT: the only code that keeps the Supabase session. It is written to disk only as
 * ciphertext from the OS keystore (Electron's safeStorage), never in plain form; on Linux's
 * `basic_text` backend (a hard-coded key, no real protection) it is kept in memory only unless
 * the director agrees to keep it anyway. A value that cannot be decrypted is wiped.
 */
import type { CredentialStatus, CredentialWrite } from '../shared/ipc-contract.ts'

/** The part of Electron's safeStorage this module uses (tests pass a fake that records calls). */
export type Keystore = {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
  /** `getSelectedStorageBackend()` on Linux; another name elsewhere. */
  backend(): string
}

/** A small key-value file (electron-store in the app). */
export type SecretFile = {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** Keystore backends that protect nothing: the key is known to anyone who reads the app. */
const WEAK_BACKENDS = new Set(['basic_text'])
const SESSION_KEY = 'sessions'
const WEAK_CONSENT_KEY = 'allowWeakKeystore'
const BACKEND_KEY = 'backend'

export const WEAK_KEYSTORE_REASON =
  'This computer has no keyring (Linux basic_text): the session is kept until you quit unless you choose to remember it anyway.'
export const NO_KEYSTORE_REASON =
  'Encryption is not available on this computer: the session is kept until you quit.'

/** The session store the IPC storage adapter and the uploader use. */
export type CredentialStore = {
  getItem(key: string): string | null
  setItem(key: string, value: string): CredentialWrite
  removeItem(key: string): void
  /** Every stored value gone, in memory and on disk (sign-out). */
  clear(): void
  /** The names of the values held (supabase-js' storage keys). */
  keys(): string[]
  status(): CredentialStatus
  /** The director's answer to "remember the session on a weak keystore". */
  allowWeakKeystore(allow: boolean): CredentialStatus
  /**
   * Ties the held session to the backend it was issued by: when `backendUrl` differs from the
   * one last bound, every held value is cleared first (another backend's session must never be
   * sent to this one). Returns true when it cleared. null (no backend yet) clears nothing.
   */
  bindBackend(backendUrl: string | null): boolean
}

/**
 * A session store over a keystore and a file.
 *
 * @example
 * createCredentialStore({ keystore: electronKeystore(safeStorage), file: new Store({ name: 'credentials' }) })
 */
export function createCredentialStore(options: {
  keystore: Keystore
  file: SecretFile
  logger?: { warn(message: string): void }
}): CredentialStore {
  const { keystore, file } = options
  const warn = options.logger?.warn ?? (() => {})
  const memory = new Map<string, string>()

  const readCiphertexts = (): Record<string, string> => {
    const stored = file.get(SESSION_KEY)
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {}
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    )
  }
  const writeCiphertexts = (values: Record<string, string>) => {
    if (Object.keys(values).length === 0) file.delete(SESSION_KEY)
    else file.set(SESSION_KEY, values)
  }
  const isWeak = () => WEAK_BACKENDS.has(keystore.backend())
  const consent = (): boolean | undefined => {
    const value = file.get(WEAK_CONSENT_KEY)
    return typeof value === 'boolean' ? value : undefined
  }
  /** Why the session may not be written to disk now, if it may not. */
  const blocker = (): string | undefined => {
    if (!keystore.isEncryptionAvailable()) return NO_KEYSTORE_REASON
    if (isWeak() && consent() !== true) return WEAK_KEYSTORE_REASON
    return undefined
  }
  const persist = (key: string, value: string) => {
    const encrypted = keystore.encryptString(value).toString('base64')
    writeCiphertexts({ ...readCiphertexts(), [key]: encrypted })
  }
  const status = (): CredentialStatus => ({
    keystore: keystore.backend(),
    persisting: blocker() === undefined,
    needsConsent: keystore.isEncryptionAvailable() && isWeak() && consent() === undefined,
  })

  return {
    getItem(key) {
      const held = memory.get(key)
      if (held !== undefined) return held
      const encrypted = readCiphertexts()[key]
      if (encrypted === undefined || blocker() !== undefined) return null
      try {
        const value = keystore.decryptString(Buffer.from(encrypted, 'base64'))
        memory.set(key, value)
        return value
      } catch {
        // Another user's keyring, a reset keychain or a damaged file: start signed out.
        warn('The saved session could not be decrypted and was removed; please sign in again.')
        const rest = readCiphertexts()
        delete rest[key]
        writeCiphertexts(rest)
        return null
      }
    },
    setItem(key, value) {
      memory.set(key, value)
      const reason = blocker()
      if (reason !== undefined) return { persisted: false, reason }
      persist(key, value)
      return { persisted: true }
    },
    removeItem(key) {
      memory.delete(key)
      const rest = readCiphertexts()
      if (key in rest) {
        delete rest[key]
        writeCiphertexts(rest)
      }
    },
    clear() {
      memory.clear()
      file.delete(SESSION_KEY)
    },
    keys() {
      return [...new Set([...memory.keys(), ...Object.keys(readCiphertexts())])]
    },
    status,
    allowWeakKeystore(allow) {
      file.set(WEAK_CONSENT_KEY, allow)
      if (!allow) file.delete(SESSION_KEY)
      else if (blocker() === undefined) for (const [key, value] of memory) persist(key, value)
      return status()
    },
    bindBackend(backendUrl) {
      if (backendUrl === null) return false
      const bound = new URL(backendUrl).origin
      const previous = file.get(BACKEND_KEY)
      if (previous === bound) return false
      file.set(BACKEND_KEY, bound)
      // The first binding of a store written before backends were recorded: the session's
      // backend is unknown, so it goes too.
      const held = memory.size > 0 || Object.keys(readCiphertexts()).length > 0
      memory.clear()
      file.delete(SESSION_KEY)
      return held
    },
  }
}

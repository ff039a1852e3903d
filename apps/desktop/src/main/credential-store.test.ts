import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import {
  createCredentialStore,
  NO_KEYSTORE_REASON,
  WEAK_KEYSTORE_REASON,
} from './credential-store.ts'
import type { Keystore, SecretFile } from './credential-store.ts'

const SESSION = JSON.stringify({
  access_token: 'access-token-PLAINTEXT-1234',
  refresh_token: 'refresh-token-PLAINTEXT-5678',
})
const KEY = 'sb-127-auth-token'

/** A keystore that records its calls; its "encryption" is a byte rotation, never plain text. */
function fakeKeystore(options: { backend?: string; available?: boolean; broken?: boolean } = {}) {
  const calls: string[] = []
  const keystore: Keystore = {
    isEncryptionAvailable: () => options.available ?? true,
    backend: () => options.backend ?? 'gnome_libsecret',
    encryptString(plain) {
      calls.push('encrypt')
      return Buffer.from(Buffer.from(plain, 'utf8').map((byte) => (byte + 13) % 256))
    },
    decryptString(encrypted) {
      calls.push('decrypt')
      if (options.broken) throw new Error('Error while decrypting the ciphertext provided')
      return Buffer.from(encrypted.map((byte) => (byte + 243) % 256)).toString('utf8')
    },
  }
  return { keystore, calls }
}

/** A JSON file on disk with electron-store's get/set/delete. */
function jsonFile(path: string): SecretFile {
  const read = (): Record<string, unknown> =>
    existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {}
  return {
    get: (key) => read()[key],
    set: (key, value) => writeFileSync(path, JSON.stringify({ ...read(), [key]: value })),
    delete: (key) => {
      const rest = read()
      delete rest[key]
      writeFileSync(path, JSON.stringify(rest))
    },
  }
}

describe('createCredentialStore', () => {
  let dir: string
  let path: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'credentials-'))
    path = join(dir, 'credentials.json')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const onDisk = () => (existsSync(path) ? readFileSync(path, 'utf8') : '')

  it('should write the session to disk encrypted, never in plain text', () => {
    const { keystore } = fakeKeystore()
    createCredentialStore({ keystore, file: jsonFile(path) }).setItem(KEY, SESSION)
    expect(onDisk()).not.toMatch(/PLAINTEXT|access_token|refresh_token/)
  })

  it('should encrypt through the keystore', () => {
    const { keystore, calls } = fakeKeystore()
    createCredentialStore({ keystore, file: jsonFile(path) }).setItem(KEY, SESSION)
    expect(calls).toEqual(['encrypt'])
  })

  it('should read back the session in a new run through the keystore', () => {
    const { keystore, calls } = fakeKeystore()
    createCredentialStore({ keystore, file: jsonFile(path) }).setItem(KEY, SESSION)
    const next = createCredentialStore({ keystore, file: jsonFile(path) })
    expect([next.getItem(KEY), calls]).toEqual([SESSION, ['encrypt', 'decrypt']])
  })

  it('should wipe a value that cannot be decrypted', () => {
    createCredentialStore({ keystore: fakeKeystore().keystore, file: jsonFile(path) }).setItem(
      KEY,
      SESSION,
    )
    const broken = createCredentialStore({
      keystore: fakeKeystore({ broken: true }).keystore,
      file: jsonFile(path),
    })
    expect([broken.getItem(KEY), onDisk()]).toEqual([null, '{}'])
  })

  it('should not persist on basic_text without consent', () => {
    const { keystore, calls } = fakeKeystore({ backend: 'basic_text' })
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    expect(store.setItem(KEY, SESSION)).toEqual({ persisted: false, reason: WEAK_KEYSTORE_REASON })
    expect([onDisk(), calls]).toEqual(['', []])
  })

  it('should keep the session in memory on basic_text without consent', () => {
    const { keystore } = fakeKeystore({ backend: 'basic_text' })
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    store.setItem(KEY, SESSION)
    expect(store.getItem(KEY)).toBe(SESSION)
  })

  it('should ask for consent on basic_text', () => {
    const { keystore } = fakeKeystore({ backend: 'basic_text' })
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    expect(store.status()).toEqual({
      keystore: 'basic_text',
      persisting: false,
      needsConsent: true,
    })
  })

  it('should persist the held session, encrypted, once the user agrees on basic_text', () => {
    const { keystore } = fakeKeystore({ backend: 'basic_text' })
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    store.setItem(KEY, SESSION)
    store.allowWeakKeystore(true)
    expect(onDisk()).toContain(KEY)
    expect(onDisk()).not.toContain('PLAINTEXT')
  })

  it('should remove the session from disk when the user declines on basic_text', () => {
    const { keystore } = fakeKeystore({ backend: 'basic_text' })
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    store.allowWeakKeystore(true)
    store.setItem(KEY, SESSION)
    store.allowWeakKeystore(false)
    expect(onDisk()).not.toContain(KEY)
  })

  it('should not persist when encryption is unavailable', () => {
    const { keystore } = fakeKeystore({ available: false })
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    expect(store.setItem(KEY, SESSION)).toEqual({ persisted: false, reason: NO_KEYSTORE_REASON })
  })

  it('should clear memory and disk on sign-out', () => {
    const { keystore } = fakeKeystore()
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    store.setItem(KEY, SESSION)
    store.clear()
    expect([store.getItem(KEY), onDisk()]).toEqual([null, '{}'])
  })

  it('should remove one value', () => {
    const { keystore } = fakeKeystore()
    const store = createCredentialStore({ keystore, file: jsonFile(path) })
    store.setItem(KEY, SESSION)
    store.removeItem(KEY)
    expect(createCredentialStore({ keystore, file: jsonFile(path) }).getItem(KEY)).toBeNull()
  })

  describe('bindBackend', () => {
    const LOCAL = 'http://127.0.0.1:54321'
    const HOSTED = 'https://abcd.supabase.co'

    it('should keep the session of the same backend', () => {
      const { keystore } = fakeKeystore()
      const store = createCredentialStore({ keystore, file: jsonFile(path) })
      store.bindBackend(LOCAL)
      store.setItem(KEY, SESSION)
      const next = createCredentialStore({ keystore, file: jsonFile(path) })
      expect([next.bindBackend(`${LOCAL}/`), next.getItem(KEY)]).toEqual([false, SESSION])
    })

    it('should clear the old backend’s session, in memory and on disk, when the backend changes', () => {
      const { keystore } = fakeKeystore()
      const store = createCredentialStore({ keystore, file: jsonFile(path) })
      store.bindBackend(LOCAL)
      store.setItem(KEY, SESSION)
      expect(store.bindBackend(HOSTED)).toBe(true)
      expect([store.getItem(KEY), store.keys(), onDisk()]).toEqual([
        null,
        [],
        JSON.stringify({ backend: 'https://abcd.supabase.co' }),
      ])
    })

    it('should clear the session in a new run after the settings file named another backend', () => {
      const { keystore } = fakeKeystore()
      const store = createCredentialStore({ keystore, file: jsonFile(path) })
      store.bindBackend(LOCAL)
      store.setItem(KEY, SESSION)
      const next = createCredentialStore({ keystore, file: jsonFile(path) })
      next.bindBackend('http://127.0.0.1:54999')
      expect(next.getItem(KEY)).toBeNull()
    })

    it('should clear a session whose backend was never recorded', () => {
      const { keystore } = fakeKeystore()
      const store = createCredentialStore({ keystore, file: jsonFile(path) })
      store.setItem(KEY, SESSION)
      expect([store.bindBackend(LOCAL), store.getItem(KEY)]).toEqual([true, null])
    })

    it('should keep the weak-keystore answer when the backend changes', () => {
      const { keystore } = fakeKeystore({ backend: 'basic_text' })
      const store = createCredentialStore({ keystore, file: jsonFile(path) })
      store.allowWeakKeystore(true)
      store.bindBackend(LOCAL)
      store.bindBackend(HOSTED)
      expect(store.status().persisting).toBe(true)
    })

    it('should clear nothing while no backend is set', () => {
      const { keystore } = fakeKeystore()
      const store = createCredentialStore({ keystore, file: jsonFile(path) })
      store.setItem(KEY, SESSION)
      expect([store.bindBackend(null), store.getItem(KEY)]).toEqual([false, SESSION])
    })
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { createClient } from '@supabase/supabase-js'

import { recordLogs, recordNotices } from '../../test-utils/notices.ts'
import { createNoticeStore } from '../ui/notices/notice-store.ts'
import { createAuthController } from './auth-controller.ts'
import { MISSING_CREDENTIALS_MESSAGE } from './sign-in.ts'
import { PROFILE_NEEDS_SESSION_MESSAGE } from './auth-result.ts'
import { AuthProvider, useAuth } from './auth-provider.tsx'

// A real supabase-js client aimed at a closed port, with a pass-through fetch that
// records each request: these paths must decide without (or despite) the network.
const requests: string[] = []
const countingFetch: typeof fetch = (input, init) => {
  requests.push(input instanceof Request ? input.url : String(input))
  return fetch(input, init)
}
let clients = 0
const unreachable = () =>
  createClient('http://127.0.0.1:9', 'anon-key-for-tests', {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      // One key per client: supabase-js warns when several share one in a browser.
      storageKey: `auth-test-${++clients}`,
    },
    global: { fetch: countingFetch },
  })

afterEach(() => {
  cleanup()
  requests.length = 0
})

function Status() {
  const auth = useAuth()
  return (
    <p>
      status: {auth.status}, staff: {String(auth.isStaff)}
    </p>
  )
}

describe('AuthProvider', () => {
  it('should throw when useAuth is used outside its provider', () => {
    const logs = recordLogs()
    const original = console.error
    // React reports the thrown error itself; keep the test output clean.
    console.error = (...args: unknown[]) => void logs.logger.error(String(args[0]))
    try {
      expect(() => render(<Status />)).toThrow('useAuth must be used inside an AuthProvider')
    } finally {
      console.error = original
    }
  })

  it('should show the full-screen loader until the first session is read, then the children', async () => {
    const client = unreachable()
    render(
      <StrictMode>
        <AuthProvider client={client}>
          <Status />
        </AuthProvider>
      </StrictMode>,
    )
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy()
    expect(await screen.findByText('status: signed-out, staff: false')).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Checking your session' })).toBeNull()
  })

  it('should refuse a sign-in without an email or phone and a password, with the service wording', async () => {
    const notices = createNoticeStore()
    function SignInBlank() {
      const { signIn } = useAuth()
      return (
        <button onClick={() => void signIn({ email: '  ', password: 'secret' })}>sign in</button>
      )
    }
    render(
      <AuthProvider client={unreachable()} notices={notices}>
        <SignInBlank />
      </AuthProvider>,
    )
    const button = await screen.findByRole('button', { name: 'sign in' })
    await act(async () => {
      fireEvent.click(button)
    })
    expect(notices.getSnapshot().map((n) => [n.title, n.description, n.variant])).toEqual([
      ['Sign in Failed', MISSING_CREDENTIALS_MESSAGE, 'destructive'],
    ])
    expect(requests).toEqual([])
    notices.dispose()
  })
})

describe('auth controller without the network', () => {
  it('should refuse a sign-up without a password before calling the service', async () => {
    const { notify, shown } = recordNotices()
    const controller = createAuthController(unreachable(), { notify })
    const { error } = await controller.signUp({ email: 'new@example.test', password: '' })
    expect(error?.message).toBe(MISSING_CREDENTIALS_MESSAGE)
    expect(shown).toEqual([
      { title: 'Sign up Failed', description: MISSING_CREDENTIALS_MESSAGE, variant: 'destructive' },
    ])
    expect(requests).toEqual([])
  })

  it('should refuse a profile update without a session', async () => {
    const { notify, shown } = recordNotices()
    const controller = createAuthController(unreachable(), { notify })
    const { error } = await controller.updateProfile({ data: { display_name: 'X' } })
    expect(error?.message).toBe(PROFILE_NEEDS_SESSION_MESSAGE)
    expect(shown).toEqual([
      {
        title: 'Update Failed',
        description: PROFILE_NEEDS_SESSION_MESSAGE,
        variant: 'destructive',
      },
    ])
  })

  it('should report a sign-in the service cannot answer as failed, with its message', async () => {
    const { notify, shown } = recordNotices()
    const controller = createAuthController(unreachable(), { notify })
    const { error } = await controller.signIn({ email: 'staff@club.local', password: 'x' })
    expect(error).not.toBeNull()
    expect(requests).toEqual(['http://127.0.0.1:9/auth/v1/token?grant_type=password'])
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ title: 'Sign in Failed', variant: 'destructive' })
    expect(shown[0]?.description).toBe(error?.message)
  })
})

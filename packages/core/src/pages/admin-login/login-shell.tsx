import { useEffect, useRef } from 'react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { Link } from '../../ui/link.tsx'

/**
 * The frame of the sign-in screens: one centred card with the club logo, and a way back to
 * the public site (these screens have no site header).
 */
export function LoginShell({
  logoSrc,
  siteHref,
  children,
}: {
  logoSrc: string
  siteHref: string
  children: ReactNode
}) {
  return (
    <main className="club-login">
      <div className="club-login__card">
        <img className="club-login__logo" src={logoSrc} width={96} height={96} alt="Club logo" />
        {children}
      </div>
      <p className="club-login__back">
        <Link to={siteHref}>
          <span aria-hidden="true">← </span>Back to the website
        </Link>
      </p>
    </main>
  )
}

/**
 * A ref for a screen's heading that takes focus when `key` changes (not on the first render),
 * so a keyboard or screen-reader user lands on the new screen rather than on nothing.
 */
export function useFocusOnChange<T extends HTMLElement = HTMLHeadingElement>(key: unknown) {
  const ref = useRef<T>(null)
  const first = useRef(key)
  useEffect(() => {
    if (first.current === key) return
    first.current = undefined
    ref.current?.focus()
  }, [key])
  return ref
}

/** What went wrong on a sign-in screen, announced when it appears; nothing while all is well. */
export function LoginProblem({ id, problem }: { id?: string; problem: string | null | undefined }) {
  if (!problem) return null
  return (
    <p className="club-login__problem" id={id} role="alert">
      {problem}
    </p>
  )
}

/** A labelled, required text input of the sign-in screens. */
export function LoginField({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <>
      <label className="club-login__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="club-login__input" required {...input} />
    </>
  )
}

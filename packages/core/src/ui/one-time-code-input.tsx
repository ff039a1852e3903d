import type { InputHTMLAttributes, Ref } from 'react'

/** What a screen gives the code box: everything but what makes it a code box. */
export type OneTimeCodeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'aria-invalid'
> & {
  /** The code was refused (or is missing): said to assistive technology. */
  invalid: boolean
  ref?: Ref<HTMLInputElement>
}

/**
 * The box a 6-digit code is typed in, wherever one is asked for (an authenticator's at sign-in
 * and when turning on two-step sign-in, one emailed before a password change): digits on a
 * phone's keyboard, the code offered from a text message or an email, room for the space some
 * apps show in its middle.
 *
 * @example
 * <OneTimeCodeInput id="code" value={code} invalid={Boolean(problem)} onChange={…} />
 */
export function OneTimeCodeInput({ invalid, ...props }: OneTimeCodeInputProps) {
  return (
    <input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      aria-invalid={invalid || undefined}
    />
  )
}

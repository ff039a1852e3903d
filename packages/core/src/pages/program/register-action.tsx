import type { CSSProperties } from 'react'

import { Link } from '../../ui/link.tsx'
import { EditableRegion } from '../../editing/editable.tsx'
import { LinkComingSoon } from '../shared/link-coming-soon.tsx'
import { MarkedLink } from './external-mark.tsx'
import type { RegistrationState } from './registration.ts'
import './register-action.css'

/** Props of {@link RegisterAction}. */
export type RegisterActionProps = {
  state: RegistrationState
  /** The program's name, for screen readers ("Register for Select"). */
  programName: string
  /** The button's label; "Register" by default. */
  label?: string
  /** Classes of the Register button. */
  buttonClassName?: string
  buttonStyle?: CSSProperties
  /** `dark` when the action sits on a dark background (heroes, card photos). */
  tone?: 'light' | 'dark'
}

/**
 * A program's Register action: a button to its registration link while registration is open;
 * while its stored link is a placeholder, that the link is coming and a link to ask the club;
 * otherwise when registration opens and a "Tell me when it opens" link to the
 * registration-interest form.
 */
export function RegisterAction({
  state,
  programName,
  label = 'Register',
  buttonClassName = 'btn btn--primary',
  buttonStyle,
  tone = 'light',
}: RegisterActionProps) {
  if (state.kind === 'open') {
    return (
      <EditableRegion contentKey={state.contentKey} path={state.path}>
        <MarkedLink to={state.link} className={buttonClassName} style={buttonStyle}>
          {label === 'Register' ? (
            <>
              {label} <span className="visually-hidden">for {programName}</span>
            </>
          ) : (
            <>
              {label}
              <span className="visually-hidden">: {programName}</span>
            </>
          )}
        </MarkedLink>
      </EditableRegion>
    )
  }
  if (state.kind === 'soon') {
    return (
      <EditableRegion contentKey={state.contentKey} path={state.path}>
        <LinkComingSoon
          what="Registration"
          contactTo={state.interestLink}
          about={programName}
          tone={tone}
        />
      </EditableRegion>
    )
  }
  return (
    <EditableRegion contentKey="programsContent" path={state.path}>
      <p className={`register-soon register-soon--${tone}`}>
        <span className="register-soon__when">
          {state.opensText
            ? `Registration opens ${state.opensText}`
            : 'Registration dates will be announced'}
        </span>
        <Link to={state.interestLink} className="register-soon__link">
          Tell me when it opens<span className="visually-hidden">: {programName}</span>
        </Link>
      </p>
    </EditableRegion>
  )
}

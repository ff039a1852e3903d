// Families' alert emails (react-email): the confirmation of a subscription and the alert
// itself. Every stored value is rendered as text, which React escapes; nothing personal is in
// an alert but the address it goes to.
import { Button, Link, Text } from '@react-email/components'

import { BUTTON_STYLE, EmailFrame, INK, MUTED, RED } from '../_shared/email-frame.tsx'

const paragraph = { margin: '0 0 16px', fontSize: 16, lineHeight: '24px', color: INK }

/** The double opt-in: nothing else is sent to the address until its link is followed. */
export function ConfirmEmail(props: { clubName: string; covers: string; confirmUrl: string }) {
  return (
    <EmailFrame
      clubName={props.clubName}
      preview={`Confirm your alerts: ${props.covers}`}
      title="Confirm your alerts"
      footer={
        <>
          Someone, we hope you, asked for these alerts on the club’s website. If it was not you,
          ignore this email: nothing more will be sent to this address, and it is deleted within 7
          days.
        </>
      }
    >
      <Text className="mail-text" style={paragraph}>
        {props.covers}
      </Text>
      <Text className="mail-text" style={paragraph}>
        Follow the link below to start getting these alerts. The link works for 3 days.
      </Text>
      <Button href={props.confirmUrl} style={BUTTON_STYLE}>
        Confirm my alerts
      </Button>
    </EmailFrame>
  )
}

/** One status alert: the decision first, when it was posted (club time), one link to the page. */
export function AlertEmail(props: {
  clubName: string
  subject: string
  message: string
  postedAt: string
  pageUrl: string
  manageUrl: string
}) {
  return (
    <EmailFrame
      clubName={props.clubName}
      preview={props.subject}
      title={props.subject}
      footer={
        <>
          You get this email because you asked for the club’s alerts on its website.{' '}
          <Link href={props.manageUrl} className="mail-link" style={{ color: RED }}>
            My alerts: change them or unsubscribe
          </Link>
          .
        </>
      }
    >
      {props.message.trim() ? (
        <Text className="mail-text" style={{ ...paragraph, whiteSpace: 'pre-wrap' }}>
          {props.message}
        </Text>
      ) : null}
      <Text className="mail-text" style={{ ...paragraph, color: MUTED, fontSize: 14 }}>
        Posted {props.postedAt} (club time)
      </Text>
      <Button href={props.pageUrl} style={BUTTON_STYLE}>
        See it on the website
      </Button>
    </EmailFrame>
  )
}

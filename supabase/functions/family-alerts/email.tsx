// Families' alert emails (react-email): the confirmation of a subscription and the alert
// itself. Every stored value is rendered as text, which React escapes; nothing personal is in
// an alert but the address it goes to.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components'
import type { ReactNode } from 'react'

const NAVY = '#0b2545'
const RED = '#b3122e'
const GOLD = '#f2c14e'
const INK = '#1b1f24'
const MUTED = '#4a5563'
const LINE = '#d9dde3'

const DARK_STYLES = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .mail-body, .mail-card { background: #10151c !important; color: #e8ecf1 !important; }
    .mail-text { color: #e8ecf1 !important; }
    .mail-foot { color: #aeb7c2 !important; }
    .mail-head { background: #061426 !important; }
    .mail-link { color: ${GOLD} !important; }
  }
`

const button = {
  background: RED,
  color: '#ffffff',
  padding: '12px 18px',
  borderRadius: 6,
  fontSize: 16,
  fontWeight: 600,
  textDecoration: 'none',
}

function Layout(props: {
  clubName: string
  preview: string
  title: string
  children: ReactNode
  footer: ReactNode
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{DARK_STYLES}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        className="mail-body"
        style={{
          margin: 0,
          padding: 0,
          background: '#faf7f0',
          fontFamily: 'Inter, Arial, sans-serif',
        }}
      >
        <Container style={{ width: '100%', maxWidth: 600, margin: '0 auto' }}>
          <Section
            className="mail-head"
            style={{ background: NAVY, borderBottom: `4px solid ${GOLD}`, padding: '16px' }}
          >
            <Text style={{ margin: 0, color: '#ffffff', fontSize: 16, fontWeight: 700 }}>
              {props.clubName}
            </Text>
          </Section>
          <Section className="mail-card" style={{ background: '#ffffff', padding: '16px' }}>
            <Heading
              as="h1"
              className="mail-text"
              style={{ margin: '0 0 16px', fontSize: 22, color: NAVY }}
            >
              {props.title}
            </Heading>
            {props.children}
            <Hr style={{ borderColor: LINE, margin: '16px 0' }} />
            <Text
              className="mail-foot"
              style={{ margin: 0, fontSize: 13, lineHeight: '20px', color: MUTED }}
            >
              {props.footer}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

const paragraph = { margin: '0 0 16px', fontSize: 16, lineHeight: '24px', color: INK }

/** The double opt-in: nothing else is sent to the address until its link is followed. */
export function ConfirmEmail(props: { clubName: string; covers: string; confirmUrl: string }) {
  return (
    <Layout
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
      <Button href={props.confirmUrl} style={button}>
        Confirm my alerts
      </Button>
    </Layout>
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
    <Layout
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
      <Button href={props.pageUrl} style={button}>
        See it on the website
      </Button>
    </Layout>
  )
}

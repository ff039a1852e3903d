// The frame of every email the club's functions send (react-email): the club's name on navy, a
// white card with the title and the body, and a footer that says why the email came. Shared by
// director-mail and family-alerts; each gives the body and the footer.
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components'
import type { ReactNode } from 'react'

/** The club's colours (packages/core/src/ui/theme.css). */
export const NAVY = '#0b2545'
export const RED = '#b3122e'
export const GOLD = '#f2c14e'
export const INK = '#1b1f24'
export const MUTED = '#4a5563'
export const LINE = '#d9dde3'

// Dark mode: clients that honour prefers-color-scheme get these; the rest keep the light
// colours, which read on their own (dark text on white, white text on navy).
const DARK_STYLES = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .mail-body, .mail-card { background: #10151c !important; color: #e8ecf1 !important; }
    .mail-text, .mail-value { color: #e8ecf1 !important; }
    .mail-label, .mail-foot { color: #aeb7c2 !important; }
    .mail-head { background: #061426 !important; }
    .mail-link { color: ${GOLD} !important; }
  }
`

/** The style of an email's one call to action (react-email's Button). */
export const BUTTON_STYLE = {
  background: RED,
  color: '#ffffff',
  padding: '12px 18px',
  borderRadius: 6,
  fontSize: 16,
  fontWeight: 600,
  textDecoration: 'none',
}

export function EmailFrame(props: {
  clubName: string
  /** The inbox's preview line. */
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
          fontFamily: 'Inter, Arial, Helvetica, sans-serif',
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

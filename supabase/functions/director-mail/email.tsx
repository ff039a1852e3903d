// The director's notification emails, as React components (react-email), rendered to HTML
// with a plain-text part. Every value from a form is rendered as text, which React escapes.
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

import { programLabel } from '../_shared/programs.ts'
import { clubTime } from '../_shared/render-email.ts'

export { clubTime, renderEmail } from '../_shared/render-email.ts'

/** A stored form submission, as the function reads it. */
export type Submission = {
  id: string
  kind: 'contact' | 'registration-interest'
  name: string
  email: string
  phone: string | null
  message: string
  program: string | null
  created_at: string
}

export type Club = {
  name: string
  timeZone: string
  /** The site's origin; no links when it is not set. */
  origin: string | undefined
}

/** The club's colours (packages/core/src/ui/theme.css). */
const NAVY = '#0b2545'
const RED = '#b3122e'
const GOLD = '#f2c14e'
const INK = '#1b1f24'
const MUTED = '#4a5563'
const LINE = '#d9dde3'

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

export const KIND_TITLE: Record<Submission['kind'], string> = {
  'registration-interest': 'Registration interest',
  contact: 'Contact message',
}

export const SWITCH_LABEL: Record<Submission['kind'], string> = {
  'registration-interest': 'Email me about new registrations',
  contact: 'Email me about contact messages',
}

/** The link to a message in the inbox screen, on the club's own site. */
export function inboxPath(id: string): string {
  return `/admin/communications#message-${encodeURIComponent(id)}`
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '0 0 12px' }}>
      <Text className="mail-label" style={{ margin: 0, fontSize: 13, color: MUTED }}>
        {label}
      </Text>
      <Text
        className="mail-value"
        style={{
          margin: 0,
          fontSize: 16,
          lineHeight: '24px',
          color: INK,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          wordBreak: 'break-word',
        }}
      >
        {children}
      </Text>
    </Section>
  )
}

function SubmissionCard({ item, club }: { item: Submission; club: Club }) {
  const link = club.origin && new URL(inboxPath(item.id), club.origin).href
  return (
    <Section
      className="mail-card"
      style={{ border: `1px solid ${LINE}`, borderRadius: 8, padding: 16, margin: '0 0 16px' }}
    >
      <Heading
        as="h2"
        className="mail-text"
        style={{ margin: '0 0 12px', fontSize: 18, color: NAVY }}
      >
        {KIND_TITLE[item.kind]} from {item.name}
      </Heading>
      <Field label="Name">{item.name}</Field>
      <Field label="Email">{item.email}</Field>
      {item.phone ? <Field label="Phone">{item.phone}</Field> : null}
      {item.program ? <Field label="Program">{programLabel(item.program)}</Field> : null}
      <Field label="Message">{item.message.trim() === '' ? '(none)' : item.message}</Field>
      <Field label="Sent">{clubTime(item.created_at, club.timeZone)}</Field>
      {link ? (
        <Button
          href={link}
          className="mail-button"
          style={{
            background: RED,
            color: '#ffffff',
            padding: '12px 18px',
            borderRadius: 6,
            fontSize: 16,
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          Open it in the inbox
        </Button>
      ) : null}
    </Section>
  )
}

function Layout({
  club,
  preview,
  title,
  children,
  footer,
}: {
  club: Club
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
      <Preview>{preview}</Preview>
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
              {club.name}
            </Text>
          </Section>
          <Section className="mail-card" style={{ background: '#ffffff', padding: '16px' }}>
            <Heading
              as="h1"
              className="mail-text"
              style={{ margin: '0 0 16px', fontSize: 22, color: NAVY }}
            >
              {title}
            </Heading>
            {children}
            <Hr style={{ borderColor: LINE, margin: '16px 0' }} />
            <Text
              className="mail-foot"
              style={{ margin: 0, fontSize: 13, lineHeight: '20px', color: MUTED }}
            >
              {footer}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

function Footer({
  club,
  kinds,
  replyTo,
}: {
  club: Club
  kinds: Submission['kind'][]
  /** Who a reply goes to, when it goes to the sender. */
  replyTo?: string
}) {
  const settings = club.origin && new URL('/admin/settings', club.origin).href
  const names = [...new Set(kinds)].map((kind) => `“${SWITCH_LABEL[kind]}”`).join(' and ')
  return (
    <>
      You get this email because {names} is on in the site’s Settings.
      {settings ? (
        <>
          {' '}
          <Link href={settings} className="mail-link" style={{ color: RED }}>
            Change it in Settings
          </Link>
          .
        </>
      ) : null}
      {replyTo ? ` Reply to this email to write to ${replyTo}.` : null}
    </>
  )
}

/** One submission, sent right away. */
export function NotificationEmail({ item, club }: { item: Submission; club: Club }) {
  return (
    <Layout
      club={club}
      preview={`${KIND_TITLE[item.kind]} from ${item.name}`}
      title={`New ${KIND_TITLE[item.kind].toLowerCase()}`}
      footer={<Footer club={club} kinds={[item.kind]} replyTo={item.name} />}
    >
      <SubmissionCard item={item} club={club} />
    </Layout>
  )
}

/** The day's submissions, in one email. */
export function DigestEmail({ items, club }: { items: Submission[]; club: Club }) {
  const count = `${items.length} new message${items.length === 1 ? '' : 's'}`
  return (
    <Layout
      club={club}
      preview={`${count} from the website`}
      title={`${count} from the website`}
      footer={<Footer club={club} kinds={items.map((item) => item.kind)} />}
    >
      {items.map((item) => (
        <SubmissionCard key={item.id} item={item} club={club} />
      ))}
    </Layout>
  )
}

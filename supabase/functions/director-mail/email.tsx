// The director's notification emails, as React components (react-email), rendered to HTML
// with a plain-text part. Every value from a form is rendered as text, which React escapes.
import { Button, Heading, Link, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

import { BUTTON_STYLE, EmailFrame, INK, LINE, MUTED, NAVY, RED } from '../_shared/email-frame.tsx'
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
        <Button href={link} className="mail-button" style={BUTTON_STYLE}>
          Open it in the inbox
        </Button>
      ) : null}
    </Section>
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
    <EmailFrame
      clubName={club.name}
      preview={`${KIND_TITLE[item.kind]} from ${item.name}`}
      title={`New ${KIND_TITLE[item.kind].toLowerCase()}`}
      footer={<Footer club={club} kinds={[item.kind]} replyTo={item.name} />}
    >
      <SubmissionCard item={item} club={club} />
    </EmailFrame>
  )
}

/** The day's submissions, in one email. */
export function DigestEmail({ items, club }: { items: Submission[]; club: Club }) {
  const count = `${items.length} new message${items.length === 1 ? '' : 's'}`
  return (
    <EmailFrame
      clubName={club.name}
      preview={`${count} from the website`}
      title={`${count} from the website`}
      footer={<Footer club={club} kinds={items.map((item) => item.kind)} />}
    >
      {items.map((item) => (
        <SubmissionCard key={item.id} item={item} club={club} />
      ))}
    </EmailFrame>
  )
}

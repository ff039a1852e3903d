// Rendering a react-email component to an email's HTML and plain-text parts, and times in the
// club's zone: shared by director-mail and family-alerts.
import { render } from '@react-email/render'
import type { ReactNode } from 'react'

/** When something happened, in the club's time zone: "Sunday, December 6, 2026, 9:15 AM". */
export function clubTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso))
}

/** HTML and the plain-text part of an email component. */
export async function renderEmail(element: ReactNode): Promise<{ html: string; text: string }> {
  const html = await render(element)
  const text = await render(element, {
    plainText: true,
    htmlToTextOptions: {
      selectors: [
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'img', format: 'skip' },
      ],
    },
  })
  return { html, text }
}

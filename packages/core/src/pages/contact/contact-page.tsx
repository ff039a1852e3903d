import { Link } from 'react-router'

import { CLUB_NAME } from '../../site/site-nav.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import './contact-page.css'

/** Who answers one kind of question. */
export type ContactTopic = { id: string; topic: string; description: string; email: string }

/**
 * The words of /contact. No content key holds them yet, so the page takes them as a prop with
 * {@link CONTACT_PAGE_TEXT} as the default; a `contactContent` key can replace it later.
 */
export type ContactPageText = {
  intro: string
  email: string
  /** Lines of the mailing address. */
  mailingAddress: string[]
  responseNote: string
  topics: ContactTopic[]
}

/**
 * The default words of /contact. The addresses are placeholders on the reserved `example.org`
 * domain and the mailing address is plainly not real, until staff enter the club's own.
 */
export const CONTACT_PAGE_TEXT: ContactPageText = {
  intro: 'Questions about registration, fields, sponsorship or the rules? We are happy to help.',
  email: 'info@example.org',
  mailingAddress: [CLUB_NAME, 'P.O. Box 0000 (placeholder address)', 'Montgomery County, MD 00000'],
  responseNote: 'Our volunteers usually reply within two working days.',
  topics: [
    {
      id: 'registration',
      topic: 'Registration',
      description: 'Signing up, fees, financial aid and team placement.',
      email: 'registration@example.org',
    },
    {
      id: 'fields',
      topic: 'Fields',
      description: 'Field locations, permits, conditions and closures.',
      email: 'fields@example.org',
    },
    {
      id: 'sponsorship',
      topic: 'Sponsorship and donations',
      description: 'Sponsorship levels, banners and other ways to give.',
      email: 'sponsors@example.org',
    },
    {
      id: 'rules',
      topic: 'Rules committee',
      description: 'League rules, rule questions and protests.',
      email: 'rules@example.org',
    },
  ],
}

/** Props of {@link ContactPage}. */
export type ContactPageProps = { text?: ContactPageText }

/** /contact: the club's address, who to contact for what, and a pointer to the FAQ. */
export function ContactPage({ text = CONTACT_PAGE_TEXT }: ContactPageProps) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Contact Us</h1>
          <p>{text.intro}</p>
        </div>
      </section>
      <div className="container section contact-layout">
        <section className="card contact-general" aria-labelledby="contact-general">
          <div className="card__body">
            <h2 id="contact-general">Get in touch</h2>
            <address>
              <p>
                Email: <a href={`mailto:${text.email}`}>{text.email}</a>
              </p>
              <p className="contact-general__label">Mailing address</p>
              <p>
                {text.mailingAddress.map((line, index) => (
                  <span key={line} className="contact-general__line">
                    {line}
                    {index < text.mailingAddress.length - 1 && <br />}
                  </span>
                ))}
              </p>
            </address>
            <p className="contact-general__note">{text.responseNote}</p>
          </div>
        </section>
        <section aria-labelledby="contact-topics">
          <h2 id="contact-topics">Who to contact</h2>
          <ul className="contact-topics">
            {text.topics.map((topic) => (
              <li key={topic.id} className="contact-topic">
                <h3>{topic.topic}</h3>
                <p>{topic.description}</p>
                <p>
                  <a href={`mailto:${topic.email}`}>
                    {topic.email} <span className="visually-hidden">({topic.topic})</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className="section section--tint" aria-labelledby="contact-faq">
        <div className="container">
          <h2 id="contact-faq">Looking for a quick answer?</h2>
          <p>Many questions about registration, tryouts and rainouts are answered in our FAQ.</p>
          <p className="contact-faq__actions">
            <Link className="btn btn--primary" to="/rules#faq">
              Read the FAQ
            </Link>{' '}
            <Link className="btn btn--outline" to="/live-updates">
              Game-day updates
            </Link>
          </p>
        </div>
      </section>
    </>
  )
}

/** Head tags of /contact. */
export function contactMeta(): PageMeta {
  return {
    title: pageTitle('Contact'),
    description:
      'Contact the league about registration, fields, sponsorship or the rules committee. Find our email and mailing address, and answers in our FAQ.',
  }
}

import { Link } from '../../ui/link.tsx'
import { CLUB_DETAILS, isSampleDetail } from '../../defaults/club-details.ts'
import { EditablePanel } from '../../editing/editable.tsx'
import type { ClubContact } from '../../entities/home-content.ts'
import { shownContact } from '../shared/club-contact.ts'
import type { FormSendResult, FormSubmission } from '../../forms/form-submission.ts'
import { CLUB_NAME } from '../shared/club-names.ts'
import { ContactForm } from '../forms/contact-form.tsx'
import { RegistrationInterestForm } from '../forms/registration-interest-form.tsx'
import type { InterestProgram } from '../forms/registration-interest-form.tsx'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { TitledSection } from '../shared/titled-section.tsx'
import './contact-page.css'
import { paths } from '../../routing/public-paths.ts'

/** Who answers one kind of question. */
export type ContactTopic = { id: string; topic: string; description: string; email: string }

/**
 * The words of /contact. No content key holds them yet, so the page takes them as a prop with
 * {@link CONTACT_PAGE_TEXT} as the default; a `contactContent` key can replace it later. The
 * club's own email, phone and mailing address are content (`content.contact`), a prop of
 * their own.
 */
export type ContactPageText = {
  intro: string
  responseNote: string
  topics: ContactTopic[]
}

/**
 * The default words of /contact. Its topic addresses are the sample ones gathered in
 * defaults/club-details.ts (on the reserved `example.org` domain), which the club replaces
 * before launch.
 */
export const CONTACT_PAGE_TEXT: ContactPageText = {
  intro: 'Questions about registration, fields, sponsorship or the rules? We are happy to help.',
  responseNote: 'Our volunteers usually reply within two working days.',
  topics: [
    {
      id: 'registration',
      topic: 'Registration',
      description: 'Signing up, fees, financial aid and team placement.',
      email: CLUB_DETAILS.emails.registration.value,
    },
    {
      id: 'fields',
      topic: 'Fields',
      description: 'Field locations, permits, conditions and closures.',
      email: CLUB_DETAILS.emails.fields.value,
    },
    {
      id: 'sponsorship',
      topic: 'Sponsorship and donations',
      description: 'Sponsorship levels, banners and other ways to give.',
      email: CLUB_DETAILS.emails.sponsors.value,
    },
    {
      id: 'rules',
      topic: 'Rules committee',
      description: 'League rules, rule questions and protests.',
      email: CLUB_DETAILS.emails.rules.value,
    },
  ],
}

/** The contact and registration-interest forms of /contact: data in, callbacks out. */
export type ContactFormsProps = {
  onSubmit: (submission: FormSubmission) => Promise<FormSendResult>
  /** Loads the sending code on the first focus inside a form. */
  onPrepare?: () => void
  /** The programs the interest form offers. */
  programs: readonly InterestProgram[]
  /** `?program=` of the URL: preselected in the interest form when it names a program. */
  requestedProgram?: string | null
}

/** Props of {@link ContactPage}. Without `forms` the page shows no forms. */
export type ContactPageProps = {
  text?: ContactPageText
  /** The club's own details (`content.contact`); each is shown only where set. */
  contact?: ClubContact
  forms?: ContactFormsProps
}

/**
 * /contact: the club's address, a contact form, who to contact for what, registration
 * interest (`#registration-interest`), and a pointer to the FAQ.
 */
export function ContactPage({ text = CONTACT_PAGE_TEXT, contact, forms }: ContactPageProps) {
  const details = shownContact(contact)
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Contact Us</h1>
          <p>{text.intro}</p>
        </div>
      </section>
      <div className="container section contact-layout">
        <TitledSection
          className="card contact-general"
          innerClassName="card__body"
          titleId="contact-general"
          title="Get in touch"
        >
          <EditablePanel
            contentKey="content"
            path={['contact']}
            panel="clubContact"
            label="Contact details"
          >
            <address>
              {/* Each detail shows once the club has set it; without an email, the form. */}
              {details.email ? (
                <p>
                  Email: <a href={`mailto:${details.email}`}>{details.email}</a>
                </p>
              ) : (
                forms && (
                  <p>
                    Write to us with the <a href="#contact-form">message form</a>.
                  </p>
                )
              )}
              {details.phone && (
                <p>
                  Phone: <a href={details.phoneHref}>{details.phone}</a>
                </p>
              )}
              {details.mailingAddress.length > 0 && (
                <>
                  <p className="contact-general__label">Mailing address</p>
                  <p>
                    {[CLUB_NAME, ...details.mailingAddress].map((line, index, lines) => (
                      <span key={`${index}-${line}`} className="contact-general__line">
                        {line}
                        {index < lines.length - 1 && <br />}
                      </span>
                    ))}
                  </p>
                </>
              )}
            </address>
          </EditablePanel>
          <p className="contact-general__note">{text.responseNote}</p>
        </TitledSection>
        {forms && (
          <TitledSection
            id="contact-form"
            className="card contact-form-card"
            innerClassName="card__body"
            titleId="contact-form-title"
            title="Send us a message"
          >
            <ContactForm
              onSubmit={forms.onSubmit}
              onPrepare={forms.onPrepare}
              replyNote={text.responseNote}
            />
          </TitledSection>
        )}
        <section className="contact-topics-section" aria-labelledby="contact-topics">
          <h2 id="contact-topics">Who to contact</h2>
          <ul className="contact-topics">
            {text.topics.map((topic) => (
              <li key={topic.id} className="contact-topic">
                <h3>{topic.topic}</h3>
                <p>{topic.description}</p>
                {isSampleDetail(topic.email) ? (
                  forms && (
                    <p>
                      <a href="#contact-form">
                        Send us a message{' '}
                        <span className="visually-hidden">about {topic.topic}</span>
                      </a>
                    </p>
                  )
                ) : (
                  <p>
                    <a href={`mailto:${topic.email}`}>
                      {topic.email} <span className="visually-hidden">({topic.topic})</span>
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      {forms && (
        <section
          id="registration-interest"
          className="section section--tint"
          aria-labelledby="registration-interest-title"
        >
          <div className="container contact-interest">
            <div>
              <h2 id="registration-interest-title">Register your interest</h2>
              <p>
                Registration for a program not open yet, or not sure which program fits? Leave your
                details and we will email you when registration opens.
              </p>
            </div>
            <div className="card">
              <div className="card__body">
                <RegistrationInterestForm
                  onSubmit={forms.onSubmit}
                  onPrepare={forms.onPrepare}
                  programs={forms.programs}
                  requestedProgram={forms.requestedProgram ?? null}
                />
              </div>
            </div>
          </div>
        </section>
      )}
      <TitledSection className="section" titleId="contact-faq" title="Looking for a quick answer?">
        <p>Many questions about registration, tryouts and rainouts are answered in our FAQ.</p>
        <p className="contact-faq__actions">
          <Link className="btn btn--primary" to={paths.rules('faq')}>
            Read the FAQ
          </Link>{' '}
          <Link className="btn btn--outline" to={paths.liveUpdates()}>
            Game-day updates
          </Link>
        </p>
      </TitledSection>
    </>
  )
}

/** Head tags of /contact. */
export function contactMeta(): PageMeta {
  return {
    title: pageTitle('Contact'),
    description:
      'Contact the league about registration, fields, sponsorship or the rules: send us a message, register interest in a program, or find our email and address.',
  }
}

import { CLUB } from '../../club/club-identity.ts'
import { Link } from '../../ui/link.tsx'
import { EditablePanel, EditableRegion } from '../../editing/editable.tsx'
import type { DocumentPath } from '../../entities/document-path.ts'
import type { HomeContent } from '../../entities/home-content.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { MarkedLink } from '../program/external-mark.tsx'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import { isSafeHref, isWebAddress } from '../shared/smart-link.tsx'
import { CLUB_NAME } from '../shared/club-names.ts'
import { shownContact } from '../shared/club-contact.ts'
import './donate-page.css'
import { paths } from '../../routing/public-paths.ts'
import { TitledCardsSection } from '../shared/titled-cards.tsx'

/**
 * The words of /donate. No content key holds them yet, so the page takes them as a prop with
 * {@link DONATE_PAGE_TEXT} as the default; a `donateContent` key can replace it later.
 */
export type DonatePageText = {
  intro: string
  funds: { id: string; title: string; text: string }[]
  /** How to give while an online giving link is set. */
  howToGive: string
  /** How to give while none is: by mail when the club's mailing address is set, else by asking. */
  howToGiveByMail: string
  howToGiveByAsking: string
  otherWays: string[]
}

/** The default words of /donate. */
export const DONATE_PAGE_TEXT: DonatePageText = {
  intro: `We are a nonprofit community league, run by volunteers since ${CLUB.foundedYear}. Every gift stays in the league and goes straight to the players.`,
  funds: [
    {
      id: 'fields',
      title: 'Fields',
      text: 'Mowing, infield clay, bases, fencing and lights on the fields where our teams practise and play.',
    },
    {
      id: 'equipment',
      title: 'Equipment',
      text: 'Helmets, catcher’s gear, bats and balls for every team, replaced as they wear out.',
    },
    {
      id: 'scholarships',
      title: 'Scholarships',
      text: 'Financial aid so that no child is turned away because of the cost of registration.',
    },
  ],
  howToGive:
    'Gifts of any size make a difference. Give online, or contact us and we will help you give in the way that suits you.',
  howToGiveByMail:
    'Gifts of any size make a difference. Send a check by mail, or contact us and we will help you give in the way that suits you.',
  howToGiveByAsking:
    'Gifts of any size make a difference. Contact us and we will help you give in the way that suits you.',
  otherWays: [
    'Give in memory or in honour of someone who loved the game.',
    'Ask your employer whether it matches charitable gifts.',
    'Volunteer as a coach, umpire or field-day helper.',
  ],
}

/** Where the Give button points, and where in the content that link lives (if it does). */
export type DonationTarget = {
  link: string
  /** Set when the link comes from the home content (its donation link or a Support button). */
  path?: DocumentPath<'content'>
  /**
   * The stored giving link is a placeholder (on a domain reserved for examples, as the
   * sample's is): the page says online giving is coming, and how to give meanwhile.
   */
  placeholder?: true
}

/**
 * The donation link: the home content's `support.donationLink` (the online giving page), or
 * the contact page marked `placeholder` while that link is a placeholder; else
 * the first Support button that points off the site and reads like a donation; otherwise the
 * contact page.
 */
export function donationTarget(home: HomeContent | undefined): DonationTarget {
  const donationLink = home?.support.donationLink ?? ''
  if (donationLink && isPlaceholderLink(donationLink)) {
    return { link: paths.contact(), path: ['support', 'donationLink'], placeholder: true }
  }
  if (donationLink && isSafeHref(donationLink)) {
    return { link: donationLink, path: ['support', 'donationLink'] }
  }
  const buttons = home?.support.buttons ?? []
  const index = buttons.findIndex(
    (button) =>
      isWebAddress(button.link) &&
      !isPlaceholderLink(button.link) &&
      /donat|give|giving/i.test(button.text),
  )
  const button = buttons[index]
  if (button) return { link: button.link, path: ['support', 'buttons', index, 'link'] }
  return { link: paths.contact() }
}

/** Props of {@link DonatePage}. */
export type DonatePageProps = {
  /**
   * `content` (home content): its Support buttons may hold an online giving link, and its
   * `contact.mailingAddress`, when set, is where gifts by mail go.
   */
  homeContent?: HomeContent
  text?: DonatePageText
}

/**
 * /donate: what gifts fund, and how to give (no payment form on this site): online while a
 * giving link is set; otherwise never a word of giving online, but by mail (a check payable to
 * the club, at its mailing address) while that address is set, and by asking the club.
 */
export function DonatePage({ homeContent, text = DONATE_PAGE_TEXT }: DonatePageProps) {
  const target = donationTarget(homeContent)
  const { mailingAddress } = shownContact(homeContent?.contact)
  const isOnline = isWebAddress(target.link) && !target.placeholder
  const byMail = !isOnline && mailingAddress.length > 0
  const button = (className: string) => {
    const link = byMail ? (
      <a href="#donate-by-mail" className={className}>
        Give by mail
      </a>
    ) : (
      <MarkedLink to={isOnline ? target.link : paths.contact()} className={className}>
        {isOnline ? 'Give online' : 'Contact us to give'}
      </MarkedLink>
    )
    return target.path ? (
      <EditableRegion contentKey="content" path={target.path}>
        {link}
      </EditableRegion>
    ) : (
      link
    )
  }
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Donate</h1>
          <p>{text.intro}</p>
          <div className="donate-hero__action">{button('btn btn--primary')}</div>
        </div>
      </section>
      <TitledCardsSection
        id="donate-funds"
        heading="What your gift funds"
        items={text.funds}
        listClassName="donate-funds"
        itemClassName="donate-fund"
      />
      <section className="section section--tint" aria-labelledby="donate-how">
        <div className="container donate-how">
          <h2 id="donate-how">How to give</h2>
          <p>
            {isOnline ? text.howToGive : byMail ? text.howToGiveByMail : text.howToGiveByAsking}
          </p>
          <div className="donate-how__action">{button('btn btn--secondary')}</div>
          {isOnline && (
            <p className="donate-how__note">
              The button takes you to our online giving page on a separate website.
            </p>
          )}
          <EditablePanel
            contentKey="content"
            path={['contact']}
            panel="clubContact"
            label="Contact details"
          >
            {mailingAddress.length > 0 && (
              <section id="donate-by-mail" className="donate-by-mail" aria-labelledby="donate-mail">
                <h3 id="donate-mail">Give by mail</h3>
                <p>Make your check payable to {CLUB_NAME} and mail it to:</p>
                <address className="donate-by-mail__address">
                  {[CLUB_NAME, ...mailingAddress].map((line, index, lines) => (
                    <span key={`${index}-${line}`}>
                      {line}
                      {index < lines.length - 1 && <br />}
                    </span>
                  ))}
                </address>
              </section>
            )}
          </EditablePanel>
          <h3>Other ways to help</h3>
          <ul>
            {text.otherWays.map((way) => (
              <li key={way}>{way}</li>
            ))}
          </ul>
          <p>
            Are you a business? <Link to={paths.sponsors()}>Become a sponsor</Link>.
          </p>
        </div>
      </section>
    </>
  )
}

/** Head tags of /donate. */
export function donateMeta(): PageMeta {
  return {
    title: pageTitle('Donate'),
    description: `Support a nonprofit community league serving young players since ${CLUB.foundedYear}. Your gift pays for fields, equipment and scholarships so every child can play.`,
  }
}

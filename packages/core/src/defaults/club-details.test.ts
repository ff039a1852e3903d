import { describe, expect, it } from 'vitest'

import { CLUB_DETAILS, isSampleDetail, SAMPLE_DETAILS } from './club-details.ts'
import { DEFAULT_CONTENT } from './default-content.ts'

describe('CLUB_DETAILS', () => {
  it('should mark every value as sample content on the reserved example.org domain', () => {
    expect(SAMPLE_DETAILS.length).toBeGreaterThan(10)
    const addresses = SAMPLE_DETAILS.filter((value) => /^https?:|@/.test(value))
    expect(addresses.length).toBeGreaterThan(8)
    for (const value of addresses) expect(isSampleDetail(value)).toBe(true)
    for (const sponsor of CLUB_DETAILS.sponsors) expect(sponsor.link.sample).toBe(true)
  })

  it('should tell sample addresses from real ones', () => {
    expect(isSampleDetail('https://example.org/give')).toBe(true)
    expect(isSampleDetail('https://register.example.org')).toBe(true)
    expect(isSampleDetail('sponsors@example.org')).toBe(true)
    expect(isSampleDetail('https://example.org.evil.test/')).toBe(false)
    expect(isSampleDetail('https://club-baseball.org/give')).toBe(false)
    expect(isSampleDetail('info@club-baseball.org')).toBe(false)
  })

  it('should be where the sample content takes its registration, giving and sponsor details', () => {
    const { programsContent, content, clinics } = DEFAULT_CONTENT
    expect(programsContent['tee-ball'].registration?.link).toBe(
      CLUB_DETAILS.registration['tee-ball'].link?.value,
    )
    expect(programsContent.select.registration?.opensText).toBe(
      CLUB_DETAILS.registration.select.opensText,
    )
    expect(content.support.donationLink).toBe(CLUB_DETAILS.donationLink.value)
    expect(content.support.sponsors?.map((sponsor) => sponsor.link)).toEqual(
      CLUB_DETAILS.sponsors.map((sponsor) => sponsor.link.value),
    )
    // No Register action of the sample content sends families to the contact page.
    const links = [
      ...Object.values(programsContent).map((page) => page.registration?.link ?? ''),
      ...DEFAULT_CONTENT.programCards.map((card) => card.registrationLink),
      ...clinics.map((clinic) => clinic.registrationLink),
    ]
    expect(links.filter((link) => link.startsWith('/contact'))).toEqual([])
  })
})

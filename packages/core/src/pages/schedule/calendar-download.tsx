import { useState } from 'react'
import type { MouseEvent } from 'react'

import { teamCalendarFileName, teamCalendarPath, webcalUrl } from '../../calendar/schedule-text.ts'
import type { Field } from '../../entities/fields-content.ts'
import type { Team } from '../../entities/team.ts'
import './calendar-download.css'

/** Props of {@link CalendarDownload}. */
export type CalendarDownloadProps = {
  team: Team
  /** The club's fields, for each entry's place and directions. */
  fields: readonly Field[]
  /** The site's public origin, for links back to the site inside the file (default: this page's). */
  siteUrl?: string
  /** The link's label; it names the team for screen readers either way. */
  label?: string
  className?: string
}

function save(href: string, fileName: string) {
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * A link that saves the team's schedule as a calendar file (.ics) that phones and calendar apps
 * import. Before the page's code runs it downloads the file the build published
 * (`/calendars/{team}.ics`); once it runs, the file is made in the browser from the content on
 * screen, which may be newer than the build. The generator loads only when asked for, so pages
 * that show the link do not carry it.
 */
export function CalendarDownload({
  team,
  fields,
  siteUrl,
  label = 'Add to calendar',
  className = 'btn btn--outline',
}: CalendarDownloadProps) {
  const [failed, setFailed] = useState(false)
  const fileName = teamCalendarFileName(team.id)
  const published = teamCalendarPath(team.id)
  const download = async () => {
    try {
      const { teamCalendar } = await import('../../calendar/team-calendar.ts')
      // Without a configured origin, links in the file point at the site it was saved from.
      const origin = siteUrl || window.location.origin
      const text = teamCalendar(team, fields, new Date(), { siteUrl: origin })
      const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
      save(url, fileName)
      // Revoked later, not at once: some browsers read the Blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
      setFailed(false)
    } catch {
      // The generator could not load (a dropped connection): offer the published file instead.
      setFailed(true)
    }
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, save as) keep the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return
    }
    event.preventDefault()
    void download()
  }
  return (
    <>
      <a href={published} download={fileName} className={className} onClick={onClick}>
        {label}
        <span className="visually-hidden">: {team.name} schedule (.ics file)</span>
      </a>
      {failed && (
        <span role="alert" className="calendar-download__error">
          The calendar could not be made here.{' '}
          <a href={published} download={fileName}>
            Download the published calendar file
          </a>
          .
        </span>
      )}
    </>
  )
}

/** Props of {@link CalendarSubscribe}. */
export type CalendarSubscribeProps = {
  /** The feed's site path (`/calendars/select-13u.ics`). */
  path: string
  /** Said to screen readers after the label: ": Select 13U schedule (updates itself)". */
  description: string
  /** The site's public origin; without one the link is the feed's https address. */
  siteUrl?: string
  label?: string
  className?: string
}

/**
 * A link that subscribes a phone's or computer's calendar app to a feed (`webcal://`): the app
 * adds every game and practice and fetches the feed again by itself, so a moved game moves in
 * the calendar too.
 */
export function CalendarSubscribe({
  path,
  description,
  siteUrl,
  label = 'Subscribe',
  className = 'btn btn--primary',
}: CalendarSubscribeProps) {
  return (
    <a href={webcalUrl(siteUrl, path) ?? path} className={className}>
      {label}
      <span className="visually-hidden">{description}</span>
    </a>
  )
}

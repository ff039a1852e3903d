import { useRef, useState } from 'react'

import { saveErrorMessage } from '../../content/save-messages.ts'
import { formatClubDateTime } from '../../club/club-time.ts'
import type { PublishingAction } from './news-publishing-panel.tsx'
import type { NewsPostState } from './news-schedule.ts'

/**
 * The publishing panel's actions (save as a draft, schedule, publish now, unpublish) and what
 * the panel says about the last one: busy, done or the problem. An action other than unpublish
 * is a save of the form, which asks `takeAction` what it was for.
 */
export function useNewsPublishing(
  state: NewsPostState | 'new',
  /** The editor's scheduling (`NewsScheduling`), which unpublishes. */
  scheduling: { unpublish(): Promise<unknown> } | undefined,
) {
  // What the next save does beyond storing the post: set by the publishing panel.
  const action = useRef<PublishingAction | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState('')
  const [problem, setProblem] = useState('')
  // A move made elsewhere (published at its time, by another tab) retires the last message;
  // the move the last action made (its post arriving in its new place) does not.
  const [shownState, setShownState] = useState(state)
  const [madeState, setMadeState] = useState<NewsPostState | undefined>()
  if (shownState !== state) {
    setShownState(state)
    if (!busy && state !== madeState) setDone('')
  }

  /** The action the save under way was asked for, if any (read once). */
  const takeAction = () => {
    const asked = action.current
    action.current = null
    return asked
  }

  /** Runs `asked`: `save` saves the form, `onSaved` follows a save that stored the post. */
  const run = async (
    asked: PublishingAction,
    { save, onSaved }: { save(): Promise<string>; onSaved(): void },
  ) => {
    setDone('')
    setProblem('')
    if (asked.kind === 'unpublish') {
      setMadeState('draft')
      if (!scheduling) return
      setBusy(true)
      try {
        await scheduling.unpublish()
        setDone('Unpublished: it is off the site and kept here as a draft.')
      } catch (error) {
        setProblem(
          `${saveErrorMessage(['newsPosts'])} ${error instanceof Error ? error.message : ''}`.trim(),
        )
      } finally {
        setBusy(false)
      }
      return
    }
    action.current = asked
    setMadeState(
      asked.kind === 'publish' ? 'published' : asked.kind === 'schedule' ? 'scheduled' : 'draft',
    )
    setBusy(true)
    try {
      const saved = await save()
      if (saved === 'saved') {
        onSaved()
        setDone(
          asked.kind === 'publish'
            ? 'Published: it is on the site now.'
            : asked.kind === 'schedule'
              ? `Scheduled for ${formatClubDateTime(asked.at)}. It appears on the site by itself then.`
              : 'Saved as a draft. It is not on the site.',
        )
      }
    } finally {
      action.current = null
      setBusy(false)
    }
  }

  return { takeAction, busy, done, problem, run }
}

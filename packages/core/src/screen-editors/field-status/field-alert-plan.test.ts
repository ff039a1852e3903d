import { describe, expect, it } from 'vitest'

import { defaultAlerts } from '../../defaults/alerts.ts'
import type { Alert } from '../../entities/alert.ts'
import type { Field } from '../../entities/fields-content.ts'
import { applyFieldAlertPlan, planFieldAlerts, takesDown } from './field-alert-plan.ts'
import { fieldStatusAlert } from './field-status-alert.ts'

const NOW = new Date('2026-12-05T12:30:00.000Z')
const LATER = new Date('2026-12-05T20:00:00.000Z')

function field(name: string, overrides: Partial<Field> = {}): Field {
  return {
    id: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    address: '1 Main Street',
    status: 'open',
    statusReason: '',
    statusUpdatedAt: null,
    ...overrides,
  }
}

const hollowClosed = field('Hollow Oak Park', { status: 'closed', statusReason: 'Rained out' })
const hollowOpen = field('Hollow Oak Park')
const closureAlert = fieldStatusAlert([hollowClosed], NOW)
// Today's "games on", running at NOW.
const gamesOn: Alert = {
  ...(defaultAlerts[0] as Alert),
  startDate: '2026-12-05T12:00:00.000Z',
  endDate: '2026-12-06T04:59:59.999Z',
}
const general = defaultAlerts[1] as Alert

describe('planFieldAlerts', () => {
  it('should retire the closure alert of a reopened field and lead with taking it down', () => {
    const plan = planFieldAlerts([hollowOpen], [closureAlert, general], LATER)
    expect([plan.retire.map((a) => a.id), plan.reopening, takesDown(plan)]).toEqual([
      [closureAlert.id],
      true,
      true,
    ])
  })

  it('should replace the earlier status alert of the same field instead of stacking', () => {
    const plan = planFieldAlerts(
      [{ ...hollowClosed, statusReason: 'Lightning' }],
      [closureAlert],
      LATER,
    )
    const next = applyFieldAlertPlan([closureAlert], plan, plan.offer)
    expect(next.map((a) => a.id)).toEqual([plan.offer.id])
  })

  it('should leave status alerts about other fields alone', () => {
    const larkspur = fieldStatusAlert([field('Larkspur Field', { status: 'closed' })], NOW)
    const plan = planFieldAlerts([hollowOpen], [larkspur], LATER)
    expect(plan.retire).toEqual([])
  })

  it('should not take a field name inside a longer name for that field', () => {
    const annex = field('Oak Park Annex', { status: 'closed' })
    const oak = fieldStatusAlert([annex], NOW)
    const all = [field('Oak Park'), annex]
    expect(planFieldAlerts([field('Oak Park')], [oak], LATER, all).retire).toEqual([])
  })

  it('should retire a hand-written closure alert that names the field in its title', () => {
    const manual: Alert = { ...closureAlert, id: 'rainout', title: 'Rainout at Hollow Oak Park' }
    expect(planFieldAlerts([hollowOpen], [manual], LATER).retire.map((a) => a.id)).toEqual([
      'rainout',
    ])
  })

  it('should leave inactive alerts alone', () => {
    const off = { ...closureAlert, isActive: false }
    expect(planFieldAlerts([hollowOpen], [off], LATER).retire).toEqual([])
  })

  it('should post the closure alert first and leave "Games are on" to the retire question', () => {
    const plan = planFieldAlerts([hollowClosed], [gamesOn, general], NOW)
    const next = applyFieldAlertPlan([gamesOn, general], plan, plan.offer)
    expect(next.map((a) => a.id)).toEqual([plan.offer.id, gamesOn.id, general.id])
  })

  it('should unpin "Games are on" when a field closes and no alert is posted', () => {
    const plan = planFieldAlerts([hollowClosed], [gamesOn, general], NOW)
    const next = applyFieldAlertPlan([gamesOn, general], plan)
    expect(next.map((a) => [a.id, a.isPinned])).toEqual([
      [gamesOn.id, false],
      [general.id, false],
    ])
  })

  it('should leave an ended "Games are on" alone', () => {
    const ended = defaultAlerts[0] as Alert
    expect(planFieldAlerts([hollowClosed], [ended], NOW).gamesOn).toEqual([])
  })

  it('should keep "Games are on" when a field opens', () => {
    const plan = planFieldAlerts([hollowOpen], [gamesOn], NOW)
    expect([plan.gamesOn, takesDown(plan)]).toEqual([[], false])
  })

  it('should keep alerts added after the plan was made', () => {
    const plan = planFieldAlerts([hollowOpen], [closureAlert], LATER)
    const added = { ...general, id: 'added-since' }
    expect(applyFieldAlertPlan([added, closureAlert], plan).map((a) => a.id)).toEqual([
      'added-since',
    ])
  })
})

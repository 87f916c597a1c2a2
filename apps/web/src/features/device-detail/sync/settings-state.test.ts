import { describe, expect, it } from 'vitest'
import {
  type DeviceSettingsState,
  hasSection,
  isSettling,
  type SectionSync,
  sectionSync,
  sectionValues,
} from './settings-state'

function row(section: SectionSync['section'], status: SectionSync['status']): SectionSync {
  return {
    section,
    status,
    reason: null,
    requested_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:01.000Z',
    operation_id: 1,
  }
}

const state = (sections: SectionSync[], desired = {}, reported = {}): DeviceSettingsState => ({
  sections,
  desired,
  reported,
  version: 3,
})

describe('the settings state', () => {
  it('is settling while a section is pending or applying, and only then', () => {
    expect(isSettling(undefined)).toBe(false)
    expect(isSettling(state([row('wifi', 'in_sync'), row('system', 'failed')]))).toBe(false)
    expect(isSettling(state([row('wifi', 'in_sync'), row('system', 'pending')]))).toBe(true)
    expect(isSettling(state([row('network', 'applying')]))).toBe(true)
  })

  it('finds a section’s row', () => {
    const wifi = row('wifi', 'failed')
    expect(sectionSync(state([row('system', 'in_sync'), wifi]), 'wifi')).toBe(wifi)
    expect(sectionSync(state([]), 'wifi')).toBeUndefined()
  })

  it('shows desired over reported, so a change on its way does not look undone', () => {
    const values = sectionValues(
      state(
        [],
        { wifi: { '5g': { ssid: 'New' } } },
        { wifi: { '5g': { ssid: 'Old', channel: 36 }, '2g': { ssid: 'Two' } } },
      ),
      'wifi',
    )
    expect(values).toEqual({ '5g': { ssid: 'New', channel: 36 }, '2g': { ssid: 'Two' } })
  })

  it('knows which sections the device has', () => {
    expect(hasSection(state([], {}, { repeater: { enabled: true } }), 'repeater')).toBe(true)
    expect(hasSection(state([], {}, { wifi: {} }), 'repeater')).toBe(false)
    expect(hasSection(undefined, 'repeater')).toBe(false)
  })
})

import type { ConsoleRoute } from '@canopy/shared/routes'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../shared/i18n/i18n'
import '../../shared/i18n/organisation-messages'
import { deviceFunctionOptions, functionsForGuest, grantableSections, guestViewsOnlyRule } from './role-form'

type Validator = (rule: unknown, value: unknown) => Promise<void>

async function check(guest: boolean, functions: string[]): Promise<string | undefined> {
  const rule = guestViewsOnlyRule() as (form: { getFieldValue: (name: string) => unknown }) => {
    validator: Validator
  }
  try {
    await rule({ getFieldValue: (name) => (name === 'guest' ? guest : undefined) }).validator({}, functions)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

beforeAll(async () => {
  await initI18n('en-us')
})

describe('the role form', () => {
  it('offers the route table’s sections, home aside', () => {
    expect(grantableSections()).toContainEqual({ section: 'project', titleKey: 'menu.project' })
    expect(grantableSections().map((entry) => entry.section)).not.toContain('home')
    const later: ConsoleRoute[] = [
      { path: '/home', title: 'menu.home', menu: 'home' },
      { path: '/device', title: 'menu.device', menu: 'device' },
      { path: '/account', title: 'menu.account', only_primary: true },
      { path: '/maintain', title: 'menu.maintain', menu: 'maintain' },
    ]
    expect(grantableSections(later)).toEqual([
      { section: 'device', titleKey: 'menu.device' },
      { section: 'maintain', titleKey: 'menu.maintain' },
    ])
  })

  it('labels every device function', () => {
    const options = deviceFunctionOptions(false)
    expect(options.map((option) => option.label)).toEqual([
      'View',
      'Bind',
      'Edit settings',
      'Reboot',
      'Upgrade',
      'Backup and restore',
      'Portal',
      'Move between projects',
      'Unbind',
      'Delete',
    ])
    expect(options.every((option) => !option.disabled)).toBe(true)
  })

  it('leaves a guest role only "view", and offers it nothing else', () => {
    expect(functionsForGuest(['view', 'reboot', 'upgrade'], true)).toEqual(['view'])
    expect(functionsForGuest(['reboot'], true)).toEqual([])
    expect(functionsForGuest(['view', 'reboot'], false)).toEqual(['view', 'reboot'])
    expect(
      deviceFunctionOptions(true)
        .filter((option) => !option.disabled)
        .map((option) => option.value),
    ).toEqual(['view'])
  })

  it('checks the shared guest rule', async () => {
    expect(await check(true, ['view'])).toBeUndefined()
    expect(await check(true, ['view', 'reboot'])).toBe('A guest role can only view devices')
    expect(await check(false, ['view', 'reboot'])).toBeUndefined()
  })
})

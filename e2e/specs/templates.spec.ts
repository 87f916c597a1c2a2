import type { Fleet, VirtualDevice } from '@canopy/simulator'
import { logIn, registerViaApi } from '../support/accounts'
import { addProjectViaApi, bindDeviceViaApi, callAsUser, startTestFleet } from '../support/devices'
import { expect, test } from '../support/test'

// Issue 14: a template made from a device, applied automatically to a project; a device bound
// into that project later gets it through the settings sync and shows it in sync.
let fleet: Fleet

test.beforeAll(async () => {
  fleet = await startTestFleet(2, { models: ['CAP-1200'] })
})

test.afterAll(async () => {
  await fleet?.stop()
})

const ssidOf = (device: VirtualDevice) => (device.reported.wifi as { '2g': { ssid: string } })['2g'].ssid
const vapOf = (device: VirtualDevice, slot: string) =>
  (device.reported.wifi as { vaps?: Record<string, { ssid: string; vlan: number }> }).vaps?.[slot]

test('create a template from a device, apply it automatically to a project, bind a new device and watch it converge', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const [source, newcomer] = fleet.devices as [VirtualDevice, VirtualDevice]
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/home\/main$/)
  await bindDeviceViaApi(page, source.mac)
  const project = `Shop${Date.now() % 100_000}`
  await addProjectViaApi(page, project)
  expect(ssidOf(newcomer)).not.toBe(ssidOf(source))

  // From the device's current configuration.
  await page.goto('/maintain/tpl')
  await page.getByRole('button', { name: 'From a device' }).click()
  const made = page.getByRole('dialog', { name: 'Template from a device' })
  await made.getByLabel('Name').fill('StoreWiFi')
  await made.getByRole('combobox', { name: 'Device' }).click()
  await page.getByTitle(new RegExp(source.mac)).click()
  await made.getByRole('button', { name: 'Save' }).click()
  await expect(made).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: 'StoreWiFi' })
  await expect(row).toContainText(account.username)

  // Automatically, to the project.
  await row.getByRole('button', { name: 'Apply StoreWiFi' }).click()
  const apply = page.getByRole('dialog', { name: 'Apply “StoreWiFi”' })
  await apply.getByRole('radio', { name: 'A project' }).check()
  await apply.getByRole('combobox', { name: 'A project' }).click()
  await page.getByTitle(project).click()
  await apply.getByRole('radio', { name: 'Automatic' }).check()
  await apply.getByRole('button', { name: 'Apply' }).click()
  await expect(apply).toBeHidden()
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible()

  // A device bound into the project later gets it and converges.
  const tree = await callAsUser<{ gid: number; name: string }[]>(page, 'GET', 'backend/workgroup/all')
  const gid = tree.find((node) => node.name === project)!.gid
  const id = await bindDeviceViaApi(page, newcomer.mac, gid)
  await page.goto(`/device/detail?id=${id}`)
  const badge = page.getByRole('group', { name: 'Configuration template' })
  await expect(badge).toContainText('StoreWiFi')
  await expect(badge).toContainText('Automatic')
  await expect(badge.getByText('In sync')).toBeVisible({ timeout: 30_000 })
  expect(ssidOf(newcomer)).toBe(ssidOf(source))

  // A virtual AP of the template, with the device settings' own fields and rules; the edit rolls
  // out to the project's devices.
  await page.goto('/maintain/tpl')
  await row.getByRole('button', { name: 'Edit StoreWiFi' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit template' })
  const vap = edit.getByRole('region', { name: 'Virtual AP 2' })
  await vap.getByRole('checkbox', { name: 'Set virtual AP 2' }).check()
  await vap.getByRole('textbox', { name: 'SSID' }).fill('GuestE2E')
  await vap.getByRole('spinbutton', { name: 'VLAN' }).fill('5000')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(vap.getByText('VLAN: 0 (off) or 3-4094')).toBeVisible()
  await vap.getByRole('spinbutton', { name: 'VLAN' }).fill('30')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect.poll(() => vapOf(newcomer, '2')?.ssid, { timeout: 30_000 }).toBe('GuestE2E')
  expect(vapOf(newcomer, '2')?.vlan).toBe(30)
  await page.goto(`/device/detail?id=${id}`)
  await expect(badge.getByText('In sync')).toBeVisible({ timeout: 30_000 })
})

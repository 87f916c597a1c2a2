import { signInAsNewAccount } from '../support/accounts'
import { expect, test } from '../support/test'

test('a primary account adds, edits and deletes an authentication strategy, with its rules shown in the form', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request)

  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await menu.getByText('Authentication management').click()
  await menu.getByRole('link', { name: 'Strategy' }).click()
  await expect(page).toHaveURL(/\/auth\/strategy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy' })).toBeVisible()

  await page.getByRole('button', { name: 'Add strategy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a strategy' })
  // The shared §5 rules, translated beside their fields.
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Policy name is empty')).toBeVisible()
  await dialog.getByLabel('Name').fill('Lobby')
  await dialog.getByLabel('IP white list').fill('10.0.0.2,127.0.0.1')
  await dialog.getByLabel('MAC white list').fill('02-c1-01-74-8e-58')
  await dialog.getByLabel('MAC black list').fill('02c1.0174.8e58')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(
    dialog.getByText('An address cannot be in both the white list and the black list'),
  ).toBeVisible()
  await expect(dialog.getByText('Loopback, multicast and reserved addresses cannot be used')).toBeVisible()
  await dialog.getByLabel('IP white list').fill('10.0.0.2, 10.0.0.3')
  await dialog.getByLabel('MAC black list').fill('02:c1:01:74:8e:59')
  await dialog.getByRole('combobox', { name: 'Validity' }).click()
  await page.getByTitle('Permanent', { exact: true }).click()
  await dialog.getByLabel('Download rate (kbit/s)').fill('2048')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()

  const row = page.getByRole('row').filter({ hasText: 'Lobby' })
  await expect(row).toContainText('Permanent')
  await expect(row).toContainText('No limit / 2048')
  await expect(row).toContainText('3 allowed, 1 blocked')

  // A name already taken is the server's §8 "already exists", shown on the field.
  await page.getByRole('button', { name: 'Add strategy' }).click()
  const second = page.getByRole('dialog', { name: 'Add a strategy' })
  await second.getByLabel('Name').fill('lobby')
  await second.getByRole('button', { name: 'Save' }).click()
  await expect(second.getByText('Policy name already exists')).toBeVisible()
  await second.getByRole('button', { name: 'Cancel' }).click()

  await row.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit strategy' })
  await expect(edit.getByLabel('MAC white list')).toHaveValue('02:C1:01:74:8E:58')
  await edit.getByRole('combobox', { name: 'Validity' }).click()
  await page.getByTitle('7 days', { exact: true }).click()
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(row).toContainText('7 days')

  // In Spanish the page and its form follow.
  await page.getByRole('button', { name: 'Español' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Estrategia' })).toBeVisible()
  await expect(row).toContainText('7 días')
  await page.getByRole('button', { name: 'English' }).click()

  await row.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Strategy deleted')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Lobby' })).toHaveCount(0)
})

import { utils, write } from '@e965/xlsx'
import { signInAsNewAccount } from '../support/accounts'
import { openMenu } from '../support/menu'
import { expect, test } from '../support/test'

/** An .xls as a spreadsheet saves it (Excel 97-2003), the first row a header. */
function xls(rows: unknown[][]): Buffer {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'members')
  return write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer
}

test('a primary account sets the methods and SMS quotas, adds a member and imports an .xls with a refused row', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request)

  await openMenu(page, 'Methods', 'Authentication management')
  await expect(page).toHaveURL(/\/auth\/method$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Methods' })).toBeVisible()

  // Methods and quotas: the shared §9 rules beside their fields, then saved.
  const quota = page.getByRole('group', { name: 'SMS quota' })
  await expect(quota).toContainText('Total')
  await expect(quota).toContainText('1,000')
  await page.getByRole('switch', { name: 'Click-through' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Write the terms of use guests accept')).toBeVisible()
  await page.getByLabel('Terms of use (English)').fill('Be kind to the network.')
  await page.getByRole('switch', { name: 'SMS code' }).click()
  await page.getByRole('switch', { name: 'Member accounts' }).click()
  await page.getByLabel('Daily total').fill('1001')
  await page.getByLabel('Codes per phone number').fill('6')
  await page.getByLabel('Codes per client a day').fill('4')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Daily total: 1-1000')).toBeVisible()
  await expect(page.getByText('Codes per phone number: 1-5 per five minutes, or 1-100 per day')).toBeVisible()
  await expect(page.getByText('Codes per client: 1-3')).toBeVisible()
  await page.getByLabel('Daily total').fill('300')
  await page.getByRole('combobox', { name: 'Counted' }).click()
  await page.getByTitle('per day', { exact: true }).click()
  await page.getByLabel('Codes per phone number').fill('20')
  await page.getByLabel('Codes per client a day').fill('2')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Authentication methods saved')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Daily total')).toHaveValue('300')
  await expect(page.getByLabel('Codes per phone number')).toHaveValue('20')
  await expect(page.getByRole('switch', { name: 'SMS code' })).toBeChecked()

  // Members: add one, with §5's account rule shown first.
  await page.getByRole('tab', { name: 'Members' }).click()
  await page.getByRole('button', { name: 'Add member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a member' })
  await dialog.getByLabel('Account').fill('1guest')
  await dialog.getByLabel('Password').fill('guest123')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText(/Account: 3-20/)).toBeVisible()
  await dialog.getByLabel('Account').fill('guest_one')
  await dialog.getByLabel('Info').fill('Room 12')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: 'guest_one' })).toContainText('Room 12')

  // An import with a refused row imports nothing and says which row and why.
  const upload = page.locator('input[type=file]')
  await upload.setInputFiles({
    name: 'members.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: xls([
      ['account', 'password', 'info'],
      ['guest_two', 'guest123', 'Room 14'],
      ['guest_three', '123', 'Room 15'],
      ['GUEST_ONE', 'guest123', ''],
    ]),
  })
  const report = page.getByRole('dialog', { name: 'Import report' })
  await expect(report).toContainText('Nothing was imported: 2 rows were refused')
  await expect(report.getByRole('row').filter({ hasText: 'guest_three' })).toContainText('3')
  await expect(report.getByRole('row').filter({ hasText: 'GUEST_ONE' })).toContainText(
    'Account already exists',
  )
  await report.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'guest_two' })).toHaveCount(0)

  // A file that is no .xls is §8's "file format error (xls only)".
  await upload.setInputFiles({
    name: 'members.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from('a,b\n'),
  })
  await expect(page.getByText('File format error (xls only)')).toBeVisible()

  // The corrected file goes in whole.
  await upload.setInputFiles({
    name: 'members.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: xls([
      ['account', 'password', 'info'],
      ['guest_two', 'guest123', 'Room 14'],
      ['guest_three', 'guest1234', 'Room 15'],
    ]),
  })
  await expect(page.getByText('2 members imported')).toBeVisible()
  await expect(page.getByText('3 members')).toBeVisible()

  // Search, then disable a member from the list.
  await page.getByLabel('Search accounts').fill('three')
  await page.getByLabel('Search accounts').press('Enter')
  await expect(page.getByText('1 members')).toBeVisible()
  await page.getByRole('switch', { name: 'guest_three: Enabled' }).click()
  await expect(page.getByRole('switch', { name: 'guest_three: Enabled' })).not.toBeChecked()

  // In Chinese the page follows.
  await page.getByRole('button', { name: '中文' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '认证方式' })).toBeVisible()
  await page.getByRole('button', { name: 'English' }).click()
})

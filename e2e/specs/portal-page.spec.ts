import { signInAsNewAccount } from '../support/accounts'
import { expect, test } from '../support/test'

/** A 4 x 2 PNG (opaque): enough for the server to decode and re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMQizwORwzIHAB4ggmxK8b0WwAAAABJRU5ErkJggg==',
  'base64',
)

test('a primary account designs a portal page with a banner, previewed on a phone in the guest’s language', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request)

  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await menu.getByText('Authentication management').click()
  await menu.getByRole('link', { name: 'Portal page' }).click()
  await expect(page).toHaveURL(/\/auth\/portal$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Portal page' })).toBeVisible()

  await page.getByRole('button', { name: 'Add page' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a portal page' })
  const phone = dialog.getByRole('region', { name: 'Preview on a phone' })

  // The shared rules, translated beside their fields; §8's guide address rule.
  await dialog.getByLabel('Title').fill('Free WiFi!')
  await dialog.getByLabel('Guide address').fill('javascript:alert')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Title: 1-25 Chinese characters, letters or digits')).toBeVisible()
  await expect(
    dialog.getByText('Guide address: a web address starting with http:// or https://'),
  ).toBeVisible()

  await dialog.getByLabel('Title').fill('Lobby')
  await dialog.getByLabel('Tips', { exact: true }).fill('Free WiFi for our guests')
  await dialog.getByLabel('Guide address').fill('https://example.com/welcome')
  // The preview follows the form as it is typed.
  await expect(phone.getByRole('heading', { name: 'Lobby' })).toBeVisible()
  await expect(phone).toContainText('Free WiFi for our guests')
  await expect(phone).toContainText('Next: https://example.com/welcome')

  // A file that is no picture is refused by the server; a real one is kept re-encoded.
  const chooseBanner = dialog.locator('input[type=file]').first()
  await chooseBanner.setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  })
  await expect(
    dialog.getByText('Upload format error or too large (JPEG, PNG or WebP, at most 2 MB)'),
  ).toBeVisible()
  await chooseBanner.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG })
  await expect(phone.getByRole('img', { name: 'Picture of the page' })).toBeVisible()

  // The guest's words follow the guest's language, not the console's.
  await expect(phone.getByRole('button', { name: 'Connect' })).toBeVisible()
  await dialog.getByText('Español', { exact: true }).click()
  await expect(phone.getByRole('button', { name: 'Conectar' })).toBeVisible()
  await expect(phone).toContainText('Acepto las condiciones de uso')
  await dialog.getByText('中文', { exact: true }).click()
  await expect(phone.getByRole('button', { name: '连接' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: 'Lobby' })
  await expect(row).toContainText('https://example.com/welcome')
  await expect(row).toContainText('Picture above')

  await row.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit portal page' })
  await expect(edit.getByRole('region', { name: 'Preview on a phone' }).getByRole('img')).toBeVisible()
  await edit.getByText('Text only', { exact: true }).click()
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(row).toContainText('Text only')

  await row.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Page deleted')).toBeVisible()
})

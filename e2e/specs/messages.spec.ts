import { logIn, registerViaApi } from '../support/accounts'
import { waitForMail } from '../support/mail'
import { expect, test } from '../support/test'

/** Publishes an announcement through the operator API, as `npm run canopy -- announcement publish` does. */
async function publishAnnouncement(title: string): Promise<number> {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/operator/announcements/publish`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-canopy-operator-token': process.env.E2E_OPERATOR_TOKEN ?? '',
    },
    body: JSON.stringify({
      title: { 'en-us': title, 'zh-cn': `公告 ${title}`, es: `Anuncio ${title}` },
      body: { 'en-us': `Details of ${title}.`, 'zh-cn': `${title}的详情。`, es: `Detalles de ${title}.` },
    }),
  })
  const envelope = (await response.json()) as { status: number; data: { id: number } }
  expect(envelope.status).toBe(10000)
  return envelope.data.id
}

test('a message arriving raises the badge without reload; reading it clears it', async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  const quiet = page.getByRole('button', { name: 'System messages', exact: true })
  await expect(quiet).toBeVisible()

  const title = `Maintenance ${Date.now()}`
  const id = await publishAnnouncement(title)
  // The notice socket brings the count: the page is not reloaded.
  const raised = page.getByRole('button', { name: 'System messages, 1 unread' })
  await expect(raised).toBeVisible()
  await expect(page.getByTestId('message-badge')).toContainText('1')

  await raised.click()
  await expect(page).toHaveURL(/\/msg$/)
  const row = page.getByRole('row').filter({ hasText: `Announcement: ${title}` })
  await expect(row).toContainText('Unread')
  await row.getByRole('button', { name: 'Open' }).click()
  await expect(page).toHaveURL(new RegExp(`/announcement\\?id=${id}$`))
  await expect(page.getByText(`Details of ${title}.`)).toBeVisible()

  await page.goto('/msg')
  await expect(page.getByRole('row').filter({ hasText: `Announcement: ${title}` })).toContainText('Read')
  await expect(page.getByRole('button', { name: 'System messages', exact: true })).toBeVisible()
})

test('an announcement opens without login', async ({ page }) => {
  // A fresh browser context: nobody is signed in.
  const title = `Public ${Date.now()}`
  const id = await publishAnnouncement(title)
  await page.goto('/announcement_list')
  await page.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/announcement\\?id=${id}$`))
  await expect(page.getByText(`Details of ${title}.`)).toBeVisible()
})

test('the primary account checks its e-mail service: the rule on the port, then a test e-mail', async ({
  page,
}) => {
  const account = await registerViaApi(page.request)
  await page.goto('/login')
  await logIn(page, account)
  // Signed in before going on: a navigation while the login is on its way cancels it.
  await expect(page).toHaveURL(/\/home\/main$/)
  await page.goto('/msg')
  await expect(
    page.getByText('Pushes are mailed through the server’s e-mail service.', { exact: false }),
  ).toBeVisible()
  await page.getByLabel('SMTP server').fill('smtp.example.test')
  await page.getByLabel('SMTP port').fill('70000')
  await page.getByLabel('Sender address').fill('noc@example.test')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('SMTP port: a number from 1 to 65535')).toBeVisible()

  await page.getByRole('button', { name: 'Send a test e-mail' }).click()
  await expect(page.getByText(`Test e-mail sent to ${account.email}`)).toBeVisible()
  expect((await waitForMail(account.email)).subject).toBe('Canopy test e-mail')
})

import type { Locator, Page } from '@playwright/test'
import { logIn, newAccount, registerViaApi } from '../support/accounts'
import { openMenu } from '../support/menu'
import { expect, test } from '../support/test'
import { qrCodeCount, scanQrCode, waitForQrScene } from '../support/wechat'

/** The projects table's row for a project (its first cell is the name). */
function projectRow(page: Page, name: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }).first() })
    .first()
}

async function addProject(page: Page, name: string, under?: string) {
  if (under) await projectRow(page, under).getByRole('button', { name: 'Add sub-project' }).click()
  else await page.getByRole('button', { name: 'Add project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add project' })
  await dialog.getByLabel('Project name').fill(name)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('tree', { name: 'Project tree' }).getByRole('treeitem', { name })).toBeVisible()
}

test('a primary builds projects, a role and a child account; the child sees only its scope', async ({
  page,
}) => {
  const primary = await registerViaApi(page.request)
  const child = newAccount('c')
  await page.goto('/login')
  await logIn(page, primary)
  await expect(page).toHaveURL(/\/home\/main$/)

  // Projects: My Project ─ North ─ Shop A ─ Floor 1, and My Project ─ South
  await openMenu(page, 'Project management')
  await expect(page).toHaveURL(/\/project\/manage$/)
  const tree = page.getByRole('tree', { name: 'Project tree' })
  await expect(tree.getByRole('treeitem', { name: 'My Project' })).toBeVisible()
  await addProject(page, 'North')
  await addProject(page, 'South')
  await addProject(page, 'ShopA', 'North')
  await addProject(page, 'Floor1', 'ShopA')
  await expect(projectRow(page, 'Floor1')).toContainText('ShopA')
  await expect(projectRow(page, 'Floor1').getByRole('cell', { name: '4', exact: true })).toBeVisible()

  // A project with sub-projects cannot be deleted (§6, §8).
  await projectRow(page, 'North').getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Project has sub-projects')).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'North' })).toBeVisible()

  // A role limited to North, viewing devices only, with the project section: it withholds the
  // device section, which the child must then not see.
  await openMenu(page, 'Account management')
  await expect(page).toHaveURL(/\/account\/list$/)
  await page.getByRole('tab', { name: 'Roles' }).click()
  await expect(page).toHaveURL(/\?tab=roles$/)
  await page.getByRole('button', { name: 'Add role' }).click()
  const roleDialog = page.getByRole('dialog', { name: 'Add role' })
  await roleDialog.getByLabel('Role name').fill('Viewers')
  await roleDialog.getByRole('checkbox', { name: 'Project management' }).check()
  await roleDialog.getByRole('checkbox', { name: 'View', exact: true }).check()
  await roleDialog.getByRole('combobox', { name: 'Projects' }).click()
  const northChoice = page.getByRole('treeitem', { name: 'North' })
  await northChoice.getByRole('checkbox').click()
  await expect(northChoice).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Escape')
  await roleDialog.getByRole('button', { name: 'Save' }).click()
  await expect(roleDialog).toBeHidden()
  const roleRow = page.getByRole('row', { name: /Viewers/ })
  await expect(roleRow.getByRole('cell', { name: 'Project management', exact: true })).toBeVisible()
  await expect(roleRow.getByRole('cell', { name: 'View', exact: true })).toBeVisible()
  await expect(roleRow.getByRole('cell', { name: 'North', exact: true })).toBeVisible()

  // A child account bound to that role.
  await page.getByRole('tab', { name: 'Accounts' }).click()
  await page.getByRole('button', { name: 'Add account' }).click()
  const accountDialog = page.getByRole('dialog', { name: 'Add account' })
  await accountDialog.getByLabel('Account', { exact: true }).fill(child.username)
  await accountDialog.getByLabel('Password', { exact: true }).fill('first123')
  await accountDialog.getByLabel('Confirm password').fill('first123')
  await accountDialog.getByRole('button', { name: 'Save' }).click()
  // No role yet: §6 wants one at least.
  await expect(accountDialog.getByText('Please bind at least one role')).toBeVisible()
  await accountDialog.getByRole('combobox', { name: 'Roles' }).click()
  await page.keyboard.type('Viewers')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await accountDialog.getByRole('button', { name: 'Save' }).click()
  await expect(accountDialog).toBeHidden()
  const accountRow = page.getByRole('row', { name: new RegExp(child.username) })
  await expect(accountRow.getByRole('cell', { name: 'Viewers', exact: true })).toBeVisible()
  await expect(accountRow.getByRole('cell', { name: 'North', exact: true })).toBeVisible()
  await expect(page.getByText('Child accounts: 1, enabled: 1')).toBeVisible()

  // Bind the child's WeChat for it: the dialog watches the child until the scan arrives.
  const before = qrCodeCount()
  await accountRow.getByRole('button', { name: 'Bind', exact: true }).click()
  const bindDialog = page.getByRole('dialog', { name: 'Bind WeChat' })
  await expect(bindDialog.getByText(`Binding WeChat to ${child.username}`)).toBeVisible()
  // The server files the bind request once WeChat has handed out the code: scan after that.
  await expect(bindDialog.getByRole('status')).toContainText('The QR code expires in')
  await scanQrCode(page.request, await waitForQrScene(before))
  await expect(bindDialog).toBeHidden()
  await expect(accountRow.getByText('Bound', { exact: true })).toBeVisible()

  // Reset its password to the generated one, which the child then logs in with.
  await accountRow.getByRole('button', { name: 'Reset password' }).click()
  const resetDialog = page.getByRole('dialog', { name: 'Reset password' })
  const generated = await resetDialog.getByLabel('New password').inputValue()
  expect(generated).toMatch(/^[A-Za-z0-9]{6,20}$/)
  await resetDialog.getByRole('button', { name: 'Reset password' }).click()
  await expect(resetDialog).toBeHidden()

  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login/)

  // The child: its sections only, its projects only.
  await logIn(page, { username: child.username, password: generated })
  await expect(page).toHaveURL(/\/home\/main$/)
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Project management' })).toBeVisible()
  // A regular section its role leaves out, and a primary-only one.
  await expect(menu.getByText('Device management', { exact: true })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'Account management' })).toHaveCount(0)
  await openMenu(page, 'Project management')
  // North with its sub-projects, and nothing above or beside them: not in the tree, not in the table.
  await expect(tree.getByRole('treeitem', { name: 'North' })).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'ShopA' })).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'Floor1' })).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'My Project' })).toHaveCount(0)
  await expect(tree.getByRole('treeitem', { name: 'South' })).toHaveCount(0)
  await expect(projectRow(page, 'Floor1')).toBeVisible()
  await expect(page.getByRole('cell', { name: 'South', exact: true })).toHaveCount(0)
  await expect(page.getByRole('cell', { name: 'My Project', exact: true })).toHaveCount(0)

  // The withheld section is closed by its address too, and account management is the primary's
  // alone: "no permission" inside the frame, menu kept, not the page-not-found page.
  const forbidden = page.getByRole('main').getByRole('heading', { name: 'No permission' })
  await page.goto('/device/management')
  await expect(forbidden).toBeVisible()
  await expect(page).toHaveURL(/\/device\/management$/)
  await expect(page).toHaveTitle(/^No permission/)
  await expect(menu.getByRole('link', { name: 'Project management' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
  await page.goto('/account/list')
  await expect(forbidden).toBeVisible()
  await openMenu(page, 'Project management')
  await expect(tree.getByRole('treeitem', { name: 'North' })).toBeVisible()
})

test('bind WeChat from the personal center by scanning its QR code, then unbind it', async ({ page }) => {
  const account = await registerViaApi(page.request)
  await page.goto('/user_info')
  await logIn(page, account)
  await expect(page).toHaveURL(/\/user_info$/)
  await expect(page.getByText('Not bound')).toBeVisible()

  const before = qrCodeCount()
  await page.getByRole('button', { name: 'Bind WeChat' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bind WeChat' })
  await expect(dialog.getByRole('img', { name: 'QR code to bind WeChat' })).toBeVisible()
  await expect(dialog.getByRole('status')).toContainText('The QR code expires in')
  await scanQrCode(page.request, await waitForQrScene(before))
  // The dialog watches the account every 2 s and closes once it is bound.
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Bound', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Unbind WeChat' }).click()
  await page
    .getByRole('dialog', { name: 'Unbind WeChat?' })
    .getByRole('button', { name: 'Unbind WeChat' })
    .click()
  await expect(page.getByText('Not bound')).toBeVisible()
})

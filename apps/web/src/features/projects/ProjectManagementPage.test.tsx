import { ErrorCode } from '@canopy/shared/errors'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../shared/api'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import type { CurrentUser } from '../auth/api'
import type { GroupNode, Project } from './api'
import { ProjectManagementPage } from './ProjectManagementPage'

const toastError = vi.fn()
const removeProject = vi.fn<(gid: number) => Promise<null>>()
let user: CurrentUser

vi.mock('../../shared/ui/feedback', () => ({
  toast: { error: (text: string) => toastError(text), success: vi.fn() },
}))
vi.mock('../auth/api', () => ({ useCurrentUser: () => ({ data: user }) }))
vi.mock('./api', () => ({
  useProjectTree: () => ({ data: tree, isPending: false, isError: false }),
  useProjectList: () => ({ data: list, isPending: false, isError: false }),
  useDeleteProject: () => ({ mutateAsync: removeProject }),
  useAddProject: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useSaveProject: () => ({ mutateAsync: vi.fn(), isPending: false }),
}))

const tree: GroupNode[] = [
  {
    gid: 1,
    pid: 0,
    name: 'stored root name',
    child: [{ gid: 2, pid: 1, name: 'North', child: [{ gid: 3, pid: 2, name: 'Deep', child: [] }] }],
  },
]
function project(gid: number, pid: number, name: string, level: number): Project {
  return {
    gid,
    pid,
    name,
    address: null,
    director: null,
    remark: null,
    level,
    created_at: '2026-01-02T03:04:05.000Z',
    is_default: pid === 0 ? 1 : 0,
    child_count: 0,
  }
}
// "Deep" is on the fifth level (its ancestors are left out of the tree to keep it short).
const list = [project(1, 0, 'stored root name', 1), project(2, 1, 'North', 2), project(3, 2, 'Deep', 5)]

const primary: CurrentUser = {
  uid: 1,
  name: 'boss',
  username: 'boss',
  level: 0,
  is_primary: 1,
  is_master: 1,
  bindWechat: 0,
  roles: [],
  menus: ['home', 'device', 'project', 'maintain', 'auth'],
  device_functions: ['view'],
  guest: 0,
}
const guest: CurrentUser = {
  ...primary,
  uid: 2,
  is_primary: 0,
  is_master: 0,
  level: 1,
  menus: ['home', 'project'],
  guest: 1,
}

function renderPage() {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ProjectManagementPage />
      </QueryClientProvider>
    </I18nextProvider>,
  )
}

/**
 * The button labelled `name` in `container`, or undefined. Role queries compute styles, which
 * is slow in jsdom with antd's table styles: the tests look buttons up by their text.
 */
function button(container: HTMLElement, name: string): HTMLButtonElement | undefined {
  const label = within(container).queryAllByText(name, { selector: 'button span' })[0]
  return label?.closest('button') ?? undefined
}

/** The table row whose first cell is `name` (role queries over a whole antd table are slow in jsdom). */
function row(name: string): HTMLElement {
  const cell = screen.queryByText(name, { selector: 'td:first-child' })
  const tr = cell?.closest('tr')
  if (!tr) throw new Error(`no row for ${name}`)
  return tr
}

beforeAll(async () => {
  await initI18n('en-us')
})

beforeEach(() => {
  toastError.mockReset()
  removeProject.mockReset()
})

describe('ProjectManagementPage', () => {
  it('shows the tree with the root-group label instead of the stored name', () => {
    user = primary
    renderPage()
    const projectTree = screen.getByRole('tree', { name: 'Project tree' })
    expect(within(projectTree).getByText('My Project')).toBeInTheDocument()
    expect(within(projectTree).getByText('North')).toBeInTheDocument()
    expect(screen.queryByText('stored root name')).not.toBeInTheDocument()
  })

  it('gives a primary account every action, but no sixth level and no deleting the root', () => {
    user = primary
    renderPage()
    expect(button(document.body, 'Add project')).toBeEnabled()
    expect(button(row('North'), 'Add sub-project')).toBeEnabled()
    expect(button(row('North'), 'Delete')).toBeEnabled()
    expect(button(row('Deep'), 'Add sub-project')).toBeDisabled()
    expect(button(row('My Project'), 'Edit')).toBeEnabled()
    expect(button(row('My Project'), 'Delete')).toBeUndefined()
  })

  it('shows a guest the projects without a button to change them', () => {
    user = guest
    renderPage()
    expect(screen.getByText('You may view these projects but not change them.')).toBeInTheDocument()
    expect(row('North')).toBeInTheDocument()
    expect(button(document.body, 'Add project')).toBeUndefined()
    expect(button(document.body, 'Edit')).toBeUndefined()
    expect(button(document.body, 'Delete')).toBeUndefined()
  })

  it('narrows the table to the chosen project’s subtree', async () => {
    user = primary
    renderPage()
    await userEvent.click(within(screen.getByRole('tree')).getByText('North'))
    expect(screen.getByText('North and its sub-projects', { selector: 'h2' })).toBeInTheDocument()
    expect(screen.queryByText('My Project', { selector: 'td:first-child' })).not.toBeInTheDocument()
    expect(row('Deep')).toBeInTheDocument()
    await userEvent.click(button(document.body, 'Show all projects')!)
    expect(row('My Project')).toBeInTheDocument()
  })

  it('says why the server refused a deletion', async () => {
    user = primary
    removeProject.mockRejectedValue(
      new ApiError([ErrorCode.PROJECT_HAS_CHILDREN], 409, null, 'errors.projectHasChildren', false),
    )
    renderPage()
    await userEvent.click(button(row('North'), 'Delete')!)
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Delete the project North?')
    await userEvent.click(button(dialog, 'Delete')!)
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Project has sub-projects'))
    expect(removeProject).toHaveBeenCalledWith(2)
  })
})

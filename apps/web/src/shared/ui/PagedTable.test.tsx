import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../i18n/i18n'
import { PagedTable, type PageOf } from './PagedTable'

beforeAll(async () => {
  await initI18n('en-us')
})

interface Row {
  id: number
  name: string
}

function query(state: { data?: PageOf<Row>; isError?: boolean; isPending?: boolean }) {
  return {
    data: state.data,
    isError: state.isError ?? false,
    isPending: state.isPending ?? false,
    isFetching: false,
    refetch: vi.fn(),
  } as never
}

function renderTable(list: ReturnType<typeof query>) {
  return render(
    <I18nextProvider i18n={i18n}>
      <PagedTable<Row>
        list={list}
        columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
        rowKey="id"
        pageIndex={1}
        pageSize={10}
        onPage={() => {}}
        totalText={(total) => `${total} rows`}
        loadFailed="The rows could not be loaded"
        empty="No rows"
        actions={<button type="button">Add</button>}
      />
    </I18nextProvider>,
  )
}

describe('PagedTable', () => {
  it('shows the total, the rows and the actions once a page arrived', () => {
    renderTable(query({ data: { total: 1, list: [{ id: 1, name: 'first' }] } }))
    expect(screen.getByRole('status')).toHaveTextContent('1 rows')
    expect(screen.getByText('first')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
  })

  it('says "empty" only once data arrived, not while the first page loads', () => {
    const { unmount } = renderTable(query({ isPending: true }))
    expect(screen.queryByText('No rows')).not.toBeInTheDocument()
    unmount()
    renderTable(query({ data: { total: 0, list: [] } }))
    expect(screen.getByText('No rows')).toBeInTheDocument()
  })

  it('offers a retry when the first load fails, keeping the actions', async () => {
    const list = query({ isError: true })
    renderTable(list)
    expect(screen.getByRole('alert')).toHaveTextContent('The rows could not be loaded')
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect((list as unknown as { refetch: () => void }).refetch).toHaveBeenCalledTimes(1)
  })

  it('keeps the rows shown when a later refetch fails', () => {
    renderTable(query({ isError: true, data: { total: 1, list: [{ id: 1, name: 'first' }] } }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('first')).toBeInTheDocument()
  })
})

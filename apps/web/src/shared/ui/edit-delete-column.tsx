import { Button, Space, type TableColumnsType } from 'antd'

interface EditDeleteLabels {
  title: string
  edit: string
  delete: string
}

/**
 * A list's last column: each row's Edit and Delete links, kept in view when the table scrolls
 * sideways. Delete is red because it asks before it removes anything (the caller's onDelete).
 */
export function editDeleteColumn<Row>(
  labels: EditDeleteLabels,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): TableColumnsType<Row>[number] {
  return {
    key: 'actions',
    title: labels.title,
    fixed: 'right',
    render: (_, row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          {labels.edit}
        </Button>
        <Button type="link" size="small" danger onClick={() => onDelete(row)}>
          {labels.delete}
        </Button>
      </Space>
    ),
  }
}

import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, Form, Input, Modal } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { announceFieldErrors } from './announce-field-errors'

const REQUIRED = 'Please enter the account'

function AccountForm() {
  return (
    <Form name="probe">
      <Form.Item name="account" label="Account" rules={[{ required: true, message: REQUIRED }]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Submit</Button>
    </Form>
  )
}

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  stop = undefined
})

describe('announceFieldErrors', () => {
  beforeEach(() => {
    stop = announceFieldErrors()
  })

  it('announces a field error as it appears, and the field reads it as its description', async () => {
    render(<AccountForm />)
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(REQUIRED)
    const input = screen.getByLabelText('Account')
    expect(input).toHaveAccessibleDescription(REQUIRED)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    // Next to the field: inside the field's own form item.
    expect(input.closest('.ant-form-item')).toContainElement(alert)
  })

  it('announces the errors of a form in a dialog (rendered outside the app root)', async () => {
    render(
      <Modal open title="Dialog" footer={null}>
        <AccountForm />
      </Modal>,
    )
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REQUIRED)
  })

  it('leaves warnings alone: they are not errors', async () => {
    render(
      <Form name="warn">
        <Form.Item
          name="nickname"
          label="Nickname"
          rules={[{ required: true, warningOnly: true, message: 'Hint' }]}
        >
          <Input />
        </Form.Item>
        <Button htmlType="submit">Submit</Button>
      </Form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Hint')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('announceFieldErrors, started late', () => {
  it('also marks errors already on the page', async () => {
    render(<AccountForm />)
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    const error = await screen.findByText(REQUIRED)
    expect(screen.queryByRole('alert')).toBeNull()
    stop = announceFieldErrors()
    expect(screen.getByRole('alert')).toBe(error)
  })
})

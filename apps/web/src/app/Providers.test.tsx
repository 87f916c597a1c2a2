import { render, screen } from '@testing-library/react'
import { Button, Form, Input } from 'antd'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../shared/i18n/i18n'
import { createQueryClient, Providers } from './Providers'

beforeAll(async () => {
  await initI18n('zh-cn')
})

function renderInProviders() {
  render(
    <Providers queryClient={createQueryClient()}>
      <Form>
        <Form.Item label="Account" name="account" required>
          <Input />
        </Form.Item>
        <Form.Item label="Remark" name="remark">
          <Input />
        </Form.Item>
      </Form>
      <Button type="primary">登录</Button>
    </Providers>,
  )
}

describe('the console’s antd settings', () => {
  it('writes two-character Chinese buttons as written, without a space', () => {
    renderInProviders()
    expect(screen.getByRole('button').textContent).toBe('登录')
  })

  it('announces a required field as "Account, required": no asterisk in its name or its label', () => {
    renderInProviders()
    const account = screen.getByRole('textbox', { name: 'Account' })
    expect(account).toHaveAttribute('aria-required', 'true')
    // The asterisk is CSS with an empty alternative text (global.css), never the label's words.
    expect(document.querySelector('label[for="account"]')).toHaveTextContent(/^Account$/)
    expect(screen.getByRole('textbox', { name: 'Remark' })).not.toHaveAttribute('aria-required')
  })
})

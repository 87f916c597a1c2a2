import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from 'antd'
import { describe, expect, it, vi } from 'vitest'
import { WithReason } from './WithReason'

describe('WithReason', () => {
  it('disables a refused control, with its reason as description and on hover', async () => {
    const click = vi.fn()
    render(
      <WithReason reason="Online devices cannot be deleted">
        <Button onClick={click}>Delete</Button>
      </WithReason>,
    )
    const button = screen.getByRole('button', { name: 'Delete' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Online devices cannot be deleted')
    await userEvent.hover(button.parentElement!)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Online devices cannot be deleted')
    expect(click).not.toHaveBeenCalled()
  })

  it('lets the keyboard reach a refused control and hear its reason', async () => {
    render(
      <WithReason reason="Online devices cannot be deleted">
        <Button>Delete</Button>
      </WithReason>,
    )
    await userEvent.tab()
    const wrapper = screen.getByRole('button', { name: 'Delete' }).parentElement!
    expect(wrapper).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Online devices cannot be deleted')
    // The tooltip describes what has the focus while it shows.
    expect(wrapper).toHaveAccessibleDescription('Online devices cannot be deleted')
  })

  it('leaves a control with no reason as it is', () => {
    render(
      <WithReason reason={undefined}>
        <Button>Delete</Button>
      </WithReason>,
    )
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled()
  })
})

import { describe, expect, it } from 'vitest'
import { identityRequest } from './identity-form'

describe('the identity form', () => {
  it('sends the name and remark, and the mode only when it changes', () => {
    expect(identityRequest(4, { name: ' Lobby ', remark: '', mode: 'ap' }, 'ap')).toEqual({
      id: 4,
      name: 'Lobby',
      remark: '',
    })
    expect(identityRequest(4, { name: 'Lobby', remark: 'hall', mode: 'wds' }, 'ap')).toEqual({
      id: 4,
      name: 'Lobby',
      remark: 'hall',
      settings: { mode: 'wds' },
    })
  })
})

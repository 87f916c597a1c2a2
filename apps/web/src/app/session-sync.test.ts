import { describe, expect, it } from 'vitest'
import { reactToSessionMessage } from './session-sync'

const at = (pathname: string, search = '') => ({ pathname, search })

describe('reactToSessionMessage', () => {
  it('after a logout elsewhere, a signed-in page goes to the login page without the way back', () => {
    expect(
      reactToSessionMessage({ kind: 'signedOut', reason: 'logout' }, at('/device/detail', '?id=4'), true),
    ).toEqual({
      kind: 'load',
      to: '/login',
    })
  })

  it('when the server ended the session elsewhere, it keeps the way back', () => {
    expect(
      reactToSessionMessage({ kind: 'signedOut', reason: 'ended' }, at('/device/detail', '?id=4'), true),
    ).toEqual({
      kind: 'load',
      to: '/login?redirect=%2Fdevice%2Fdetail%3Fid%3D4',
    })
  })

  it('leaves public pages alone when someone signs out', () => {
    expect(reactToSessionMessage({ kind: 'signedOut', reason: 'logout' }, at('/register'), false)).toEqual({
      kind: 'stay',
    })
  })

  it('after a login elsewhere, a signed-in page loads again under the new session; a public page stays', () => {
    expect(reactToSessionMessage({ kind: 'signedIn' }, at('/home/main'), true)).toEqual({
      kind: 'load',
      to: '/home/main',
    })
    expect(reactToSessionMessage({ kind: 'signedIn' }, at('/login', '?redirect=%2Fhelp'), false)).toEqual({
      kind: 'stay',
    })
  })
})

/**
 * English words of the captive page guests see (rendered by the server in the guest's language,
 * apps/server/src/portal-guest). zh-cn and es are typed against this catalogue.
 */
export const portalGuestEnUS = {
  portalGuest: {
    agree: 'I accept the terms of use',
    connect: 'Connect',
    memberTitle: 'Member login',
    account: 'Account',
    password: 'Password',
    login: 'Log in',
    phone: 'Phone number',
    sendCode: 'Send code',
    code: 'Code',
    codeSent: 'A code is on its way to your phone.',
    loginFailed: 'Account or password error',
    codeFailed: 'The code is wrong or has expired',
    codeLimit: 'No more codes can be sent here today. Try another way to log in.',
    codeTooFrequent: 'Too many codes for this phone or device: try again later.',
    codeNotSent: 'The code could not be sent. Try again later.',
    mustAgree: 'Accept the terms of use to connect',
    tooFrequent: 'Too many attempts: wait a minute and try again',
    refused: 'This device may not use this network.',
    unavailable: 'This network is not available right now. Try again later.',
    methodOff: 'This way of logging in is not available here.',
    connecting: 'Connecting you to the network…',
    connected: 'You are connected.',
    continue: 'Continue',
  },
}

export type PortalGuestCatalogue = typeof portalGuestEnUS

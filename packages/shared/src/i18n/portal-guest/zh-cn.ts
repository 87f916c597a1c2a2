import type { PortalGuestCatalogue } from './en-us'

export const portalGuestZhCN: PortalGuestCatalogue = {
  portalGuest: {
    agree: '我已阅读并接受使用条款',
    connect: '连接',
    memberTitle: '会员登录',
    account: '账号',
    password: '密码',
    login: '登录',
    phone: '手机号',
    sendCode: '发送验证码',
    code: '验证码',
    codeSent: '验证码已发送到您的手机。',
    loginFailed: '账号或密码错误',
    codeFailed: '验证码错误或已过期',
    codeLimit: '今日验证码已发完，请换一种方式登录。',
    codeTooFrequent: '此手机或设备获取验证码过于频繁，请稍后再试。',
    codeNotSent: '验证码发送失败，请稍后再试。',
    mustAgree: '请接受使用条款后连接',
    tooFrequent: '尝试次数过多：请一分钟后再试',
    refused: '此设备不能使用该网络。',
    unavailable: '该网络暂时不可用，请稍后再试。',
    methodOff: '此处不提供这种登录方式。',
    connecting: '正在为您连接网络…',
    connected: '您已连接。',
    continue: '继续',
  },
}

import { can } from '@canopy/shared/permissions'
import {
  languageSaveRequest,
  passwordChangeRequest,
  profileRequest,
  registerRequest,
  resetPasswordRequest,
  resetTokenRequest,
  sendResetMailRequest,
} from '@canopy/shared/validation'
import type { RateLimitSettings } from '../../http/rate-limit'
import { publicRoute, type RequestFacts, signedInRoute } from '../../http/route'
import type { PasswordResetService } from './password-reset.service'
import type { UsersService } from './users.service'

const HOUR = 3600

export function usersRoutes(deps: {
  users: UsersService
  resets: PasswordResetService
  limits: RateLimitSettings
}) {
  const { users, resets, limits } = deps
  const mailLimit = { points: limits.mailPerHour, durationSeconds: HOUR }
  // The link calls count per IP, and per account when the link is genuinely ours.
  const linkKeys = <T extends { token: string }>({ body, facts }: { body: T; facts: RequestFacts }) => {
    const account = resets.linkAccount(body.token)
    return account === undefined ? [`ip:${facts.ip}`] : [`ip:${facts.ip}`, `account:${account}`]
  }
  return [
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/user/info',
      handler: ({ principal }) => users.profile(principal),
    }),
    publicRoute({
      method: 'POST',
      path: '/backend/user/register',
      body: registerRequest,
      rateLimit: {
        name: 'register',
        points: limits.registerPerHour,
        durationSeconds: HOUR,
        keys: ({ body, facts }) => [`ip:${facts.ip}`, `account:${body.username.toLowerCase()}`],
      },
      handler: ({ body, facts }) => users.register(body, facts.language),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/user/save',
      body: profileRequest,
      handler: ({ principal, body }) => users.saveProfile(principal, body),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/user/language',
      body: languageSaveRequest,
      handler: async ({ principal, body }) => {
        await users.saveLanguage(principal, body.language)
        return null
      },
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/user/password/save',
      body: passwordChangeRequest,
      handler: async ({ principal, body }) => {
        await users.changePassword(principal, body)
        return null
      },
    }),
    publicRoute({
      method: 'POST',
      path: '/backend/user/password/sendmail',
      body: sendResetMailRequest,
      rateLimit: {
        ...mailLimit,
        name: 'password-mail',
        keys: ({ body, facts }) => [`ip:${facts.ip}`, `account:${body.username.toLowerCase()}`],
      },
      handler: ({ body, facts }) => resets.sendLink(body, { language: facts.language }),
    }),
    publicRoute({
      method: 'POST',
      path: '/backend/user/password/checkmail',
      body: resetTokenRequest,
      rateLimit: { ...mailLimit, name: 'password-check', keys: linkKeys },
      handler: ({ body }) => resets.checkLink(body.token),
    }),
    publicRoute({
      method: 'POST',
      path: '/backend/user/password/reset',
      body: resetPasswordRequest,
      rateLimit: { ...mailLimit, name: 'password-reset', keys: linkKeys },
      handler: async ({ body }) => {
        await resets.resetPassword(body)
        return null
      },
    }),
  ]
}

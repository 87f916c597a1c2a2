import { can } from '@canopy/shared/permissions'
import { messageIdsRequest, messageListRequest } from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { MessagesService } from './messages.service'

/**
 * The caller's system messages (§2 /msg). Every signed-in account has its own, so every account
 * may call these; each call reaches only the caller's messages.
 */
export function messagesRoutes({ messages }: { messages: MessagesService }) {
  return [
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/msg/list',
      body: messageListRequest,
      handler: ({ principal, body, facts }) => messages.list(principal, body, facts.language),
    }),
    // §3 "Notice push message": the badge's count, also sent on the notice socket.
    signedInRoute({
      permission: can.anyone,
      method: 'GET',
      path: '/backend/msg/unread',
      handler: async ({ principal }) => ({ nums: await messages.unreadCount(principal.account.id) }),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/msg/read',
      body: messageIdsRequest,
      handler: ({ principal, body }) => messages.markRead(principal, body.ids),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/msg/readall',
      handler: ({ principal }) => messages.markRead(principal),
    }),
    signedInRoute({
      permission: can.anyone,
      method: 'POST',
      path: '/backend/msg/delete',
      body: messageIdsRequest,
      handler: ({ principal, body }) => messages.remove(principal, body.ids),
    }),
  ]
}

/** The notice socket /notice/{uid} (§7), as the server and the console both speak it. */

/** §3 "Notice push message": what the notice socket /notice/{uid} sends. */
export interface NoticeMessage {
  nums: number
}

/** The notice socket's subprotocol; the access token follows it as the second one. */
export const NOTICE_PROTOCOL = 'canopy.notice'
/** The notice socket closes with this when its session ended (logout): not reopened. */
export const NOTICE_SESSION_ENDED = 4401

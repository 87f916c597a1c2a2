import { ErrorCode } from '@canopy/shared/errors'
import type { Language } from '@canopy/shared/i18n'
import type { ResetPasswordRequest } from '@canopy/shared/validation'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database } from '../../db/client'
import { AppError } from '../../http/app-error'
import type { Mailer } from '../../notify/mailer'
import { translatorFor } from '../../notify/translate'
import { REVOKED_BY } from '../auth/auth.service'
import { hashPassword } from '../auth/passwords'
import { sessionsRepository } from '../auth/sessions.repository'
import type { TokenService } from '../auth/tokens'
import { accountsRepository } from './accounts.repository'
import { passwordResetsRepository } from './password-resets.repository'

/**
 * Forgotten passwords (§2 "Password reset and retrieval"): a signed, single-use, expiring link
 * mailed to the account's address. The link carries a token naming a reset row; the row makes
 * it single-use, the signature and its expiry make it unforgeable and short-lived.
 */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      db: Database
      tokens: TokenService
      mailer: Mailer
      changes: ChangeFeed
      linkTtlSeconds: number
      /**
       * The console's address for links (PUBLIC_URL, required with the mail service). Never the
       * request's Host: whoever asks for a link would choose where the victim's mail points.
       */
      publicUrl: string | undefined
    },
  ) {}

  async sendLink(
    request: { username: string; email: string },
    context: { language: Language },
  ): Promise<{ email: string }> {
    const { publicUrl } = this.deps
    if (!this.deps.mailer.configured || !publicUrl) throw new AppError(ErrorCode.MAIL_NOT_CONFIGURED)
    const account = await accountsRepository(this.deps.db).findByUsername(request.username)
    if (!account) throw new AppError(ErrorCode.ACCOUNT_NOT_FOUND)
    if (!account.email || account.email.toLowerCase() !== request.email.toLowerCase()) {
      throw new AppError(ErrorCode.EMAIL_INCORRECT)
    }

    const resets = passwordResetsRepository(this.deps.db)
    const expiresAt = new Date(Date.now() + this.deps.linkTtlSeconds * 1000)
    const resetId = await resets.create(account.id, expiresAt)
    const token = this.deps.tokens.issueResetToken({ sub: account.id, jti: resetId })
    const link = `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}`
    const t = translatorFor(context.language)
    try {
      await this.deps.mailer.send({
        to: account.email,
        subject: t('mail.resetSubject'),
        text: t('mail.resetBody', {
          account: account.username,
          link,
          minutes: Math.round(this.deps.linkTtlSeconds / 60),
        }),
      })
    } catch {
      // Nothing half-done: a link that was never sent must not stay usable.
      await resets.remove(resetId)
      throw new AppError(ErrorCode.MAIL_SEND_FAILED)
    }
    return { email: account.email }
  }

  /**
   * The account a link genuinely names (signed by us, not expired), for the per-account rate
   * limit of the link calls. A forged link names nobody, so it cannot use up a victim's count.
   */
  linkAccount(token: string): number | undefined {
    try {
      return this.deps.tokens.readResetToken(token).sub
    } catch {
      return undefined
    }
  }

  /** Whether a link can still be used; the console asks before showing the new-password form. */
  async checkLink(token: string): Promise<{ username: string }> {
    const { account } = await this.openLink(token)
    return { username: account.username }
  }

  /** Sets the new password, uses the link up, and signs the account out everywhere. */
  async resetPassword(request: ResetPasswordRequest): Promise<void> {
    const { resetId, account } = await this.openLink(request.token)
    const passwordHash = await hashPassword(request.password)
    const ended = await this.deps.db.transaction(async (tx) => {
      if (!(await passwordResetsRepository(tx).use(resetId, account.id))) return undefined
      await accountsRepository(tx).update(account.id, { passwordHash })
      return sessionsRepository(tx).revokeAllOf(account.id, REVOKED_BY.passwordReset)
    })
    if (!ended) throw new AppError(ErrorCode.LINK_INVALID)
    for (const sessionId of ended) await this.deps.changes.publish({ kind: 'session', id: sessionId })
  }

  private async openLink(token: string) {
    const claims = this.deps.tokens.readResetToken(token)
    const reset = await passwordResetsRepository(this.deps.db).find(claims.jti)
    if (!reset || reset.accountId !== claims.sub || reset.usedAt) throw new AppError(ErrorCode.LINK_INVALID)
    if (reset.expiresAt.getTime() < Date.now()) throw new AppError(ErrorCode.LINK_EXPIRED)
    const account = await accountsRepository(this.deps.db).findById(reset.accountId)
    if (!account) throw new AppError(ErrorCode.LINK_INVALID)
    return { resetId: reset.id, account }
  }
}

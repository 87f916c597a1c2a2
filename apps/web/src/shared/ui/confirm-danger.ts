import type { Modal } from 'antd'
import type { ReactNode } from 'react'
import { isApiError } from '../api'
import { translateKey } from '../i18n/i18n'
import { toast } from './feedback'

export type ModalApi = ReturnType<typeof Modal.useModal>[0]

export interface DangerConfirm {
  title: string
  content?: ReactNode
  /** the red button's text (translated) */
  okText: string
  cancelText: string
  /** does it (a mutation's mutateAsync); its refusal is told and nothing else happens */
  run: () => Promise<unknown>
  /** what was done, toasted once it succeeded (translated) */
  done: string
  /** what the page changes once it succeeded (a selection cleared), before the toast */
  afterDone?: () => void
}

/**
 * Asks before a destructive action (delete, unbind, cancel), then does it: a refusal the API
 * client has not shown yet (an order started meanwhile, a role still bound) is toasted in the
 * user's language and leaves the page as it was; success is toasted.
 */
export function confirmDanger(
  modal: ModalApi,
  { title, content, okText, cancelText, run, done, afterDone }: DangerConfirm,
): void {
  modal.confirm({
    title,
    content,
    okText,
    okButtonProps: { danger: true },
    cancelText,
    onOk: async () => {
      try {
        await run()
      } catch (error) {
        if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
        return
      }
      afterDone?.()
      void toast.success(done)
    },
  })
}

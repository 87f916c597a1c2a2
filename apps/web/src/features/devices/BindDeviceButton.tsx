import { PlusOutlined } from '@ant-design/icons'
import { decideBind } from '@canopy/shared/batch-rules'
import { Button, type ButtonProps, Flex, Popover, Typography } from 'antd'
import { type ComponentType, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { chunkFailureKey, withTimeout } from '../../shared/chunk-timeout'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { WithReason } from '../../shared/ui/WithReason'
import { usePermits } from '../auth/grants'
import { useProjectTree } from '../projects/api'
import { useDeviceStatistics } from './api'
import { useBindHint } from './bind-hint'

type DialogComponent = ComponentType<{ onClose: () => void }>

export interface BindDeviceButtonProps {
  /** show the §4 first-time hint beside this button (one bind button per account has it) */
  withHint: boolean
  type?: ButtonProps['type']
  /** icon only, the name kept for assistive technology (the top bar on a phone) */
  iconOnly?: boolean
}

/**
 * The bind-device button and its dialog. The dialog (its form rules, the project tree, the
 * device messages) is a chunk of its own, fetched on the first click: the frame's first paint
 * carries only this button. While it loads the button spins; if it cannot arrive, a toast says so.
 */
export function BindDeviceButton({ withHint, type = 'primary', iconOnly = false }: BindDeviceButtonProps) {
  const { t } = useTranslation()
  const [Dialog, setDialog] = useState<DialogComponent>()
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(false)
  const statistics = useDeviceStatistics({ enabled: withHint })
  const hint = useBindHint(withHint ? statistics.data?.total : undefined)
  const permitted = usePermits()
  const tree = useProjectTree()
  // The shared bind rule, as the server applies it: a project to bind into (while the tree
  // loads, the button stays usable; the dialog waits for it).
  const bindable = decideBind(tree.data ? tree.data.length : 1, permitted)
  const refusal = bindable.allowed ? undefined : translateKey(bindable.reason)

  async function handleClick() {
    if (Dialog) {
      setOpen(true)
      return
    }
    setLoading(true)
    try {
      const module = await withTimeout(import('./BindDeviceModal'))
      setDialog(() => module.BindDeviceModal)
      setOpen(true)
    } catch (error) {
      void toast.error(translateKey(chunkFailureKey(error)))
    } finally {
      setLoading(false)
    }
  }

  const button = (
    <Button
      type={type}
      icon={<PlusOutlined aria-hidden />}
      loading={loading}
      aria-label={iconOnly ? t('frame.bindDevice') : undefined}
      onClick={() => void handleClick()}
    >
      {!iconOnly && t('frame.bindDevice')}
    </Button>
  )

  return (
    <>
      {/* A refused button needs no first-time hint: the hint would point at what cannot be done. */}
      {refusal ? (
        <WithReason reason={refusal}>{button}</WithReason>
      ) : (
        <Popover
          open={hint.open && !open}
          placement="bottomRight"
          title={t('frame.bindHintTitle')}
          content={
            <Flex vertical gap={8} align="flex-end" style={{ maxWidth: 260 }}>
              <Typography.Text>{t('frame.bindHintBody')}</Typography.Text>
              <Button size="small" type="primary" onClick={hint.dismiss}>
                {t('frame.bindHintDismiss')}
              </Button>
            </Flex>
          }
        >
          {button}
        </Popover>
      )}
      {Dialog && open && <Dialog onClose={() => setOpen(false)} />}
    </>
  )
}

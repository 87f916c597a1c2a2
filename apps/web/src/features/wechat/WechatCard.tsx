import { Button, Card, Flex, Modal, Tag, Typography } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/organisation-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { toast } from '../../shared/ui/feedback'
import { fetchProfile, type Profile } from '../account/api'
import { useRefreshWechatStatus, useUnbindWechat } from './api'
import { WechatBindModal } from './WechatBindModal'

/** The personal center's WeChat binding: its state, bind (QR code) and unbind. */
export function WechatCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const bound = profile.bindWechat === 1
  const [binding, setBinding] = useState(false)
  const [modal, dialogs] = Modal.useModal()
  const unbind = useUnbindWechat()
  const refresh = useRefreshWechatStatus()

  const isBound = useCallback(
    async (signal: AbortSignal) => (await fetchProfile(signal)).bindWechat === 1,
    [],
  )
  const handleBound = useCallback(() => {
    setBinding(false)
    void refresh()
    void toast.success(t('wechat.boundNotice'))
  }, [refresh, t])

  function confirmUnbind() {
    confirmDanger(modal, {
      title: t('wechat.unbindTitle'),
      content: t('wechat.unbindContent'),
      okText: t('wechat.unbind'),
      cancelText: t('common.cancel'),
      run: () => unbind.mutateAsync(undefined),
      done: t('wechat.unboundNotice'),
    })
  }

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('wechat.title')}</h2>}>
      <Flex vertical gap={16} align="flex-start">
        <Flex gap={8} align="center" wrap>
          <Tag color={bound ? 'success' : 'default'}>{bound ? t('wechat.bound') : t('wechat.unbound')}</Tag>
          <Typography.Text type="secondary">
            {bound ? t('wechat.boundHint') : t('wechat.unboundHint')}
          </Typography.Text>
        </Flex>
        {bound ? (
          <Button danger onClick={confirmUnbind} loading={unbind.isPending}>
            {t('wechat.unbind')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => setBinding(true)}>
            {t('wechat.bind')}
          </Button>
        )}
      </Flex>
      {binding && (
        <WechatBindModal isBound={isBound} onBound={handleBound} onClose={() => setBinding(false)} />
      )}
      {dialogs}
    </Card>
  )
}

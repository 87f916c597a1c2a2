import { Card, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import '../../shared/i18n/maintain-messages'
import { PageTitle } from '../../shared/ui/PageTitle'
import { FirmwareTab } from './FirmwareTab'
import { OrdersTab } from './OrdersTab'

type TabKey = 'orders' | 'packages'

/** /maintain/upgrade (admin only, §2/§6): firmware packages and the upgrade orders that use them. */
export function UpgradePage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab: TabKey = params.get('tab') === 'packages' ? 'packages' : 'orders'

  function handleTabChange(key: string) {
    const next = new URLSearchParams(params)
    if (key === 'packages') next.set('tab', 'packages')
    else next.delete('tab')
    setParams(next)
  }

  return (
    <>
      <PageTitle>{t('menu.maintainUpgrade')}</PageTitle>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={handleTabChange}
          items={[
            { key: 'orders', label: t('maintain.tabs.orders'), children: <OrdersTab /> },
            { key: 'packages', label: t('maintain.tabs.packages'), children: <FirmwareTab /> },
          ]}
        />
      </Card>
    </>
  )
}

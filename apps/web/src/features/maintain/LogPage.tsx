import { Card, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import '../../shared/i18n/maintain-messages'
import { PageTitle } from '../../shared/ui/PageTitle'
import { OperationLogTab } from './OperationLogTab'
import { UpgradeLogTab } from './UpgradeLogTab'

/** /maintain/log (§2): the operation log and the upgrade log, each filtered and exported as CSV. */
export function LogPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'upgrade' ? 'upgrade' : 'operation'

  function handleTabChange(key: string) {
    const next = new URLSearchParams(params)
    if (key === 'upgrade') next.set('tab', 'upgrade')
    else next.delete('tab')
    setParams(next)
  }

  return (
    <>
      <PageTitle>{t('menu.maintainLog')}</PageTitle>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={handleTabChange}
          destroyOnHidden
          items={[
            { key: 'operation', label: t('maintain.tabs.operationLog'), children: <OperationLogTab /> },
            { key: 'upgrade', label: t('maintain.tabs.upgradeLog'), children: <UpgradeLogTab /> },
          ]}
        />
      </Card>
    </>
  )
}

import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/portal-messages'
import { PageTitle } from '../../shared/ui/PageTitle'
import { MembersTab } from './MembersTab'
import { MethodSettingsForm } from './MethodSettingsForm'

/** /auth/method (primary accounts only): the tenant's authentication methods, SMS quotas and members. */
export function MethodPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle>{t('menu.authMethod')}</PageTitle>
      <Tabs
        items={[
          { key: 'methods', label: t('portal.method.tabMethods'), children: <MethodSettingsForm /> },
          { key: 'members', label: t('portal.method.tabMembers'), children: <MembersTab /> },
        ]}
      />
    </>
  )
}

import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import '../../shared/i18n/organisation-messages'
import { PageTitle } from '../../shared/ui/PageTitle'
import { useProjectTree } from '../projects/api'
import { ChildAccountsTab } from './ChildAccountsTab'
import { RolesTab } from './RolesTab'

type TabKey = 'accounts' | 'roles'

/** /account/list (primary accounts only): child accounts and the roles they are bound to. */
export function AccountManagementPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab: TabKey = params.get('tab') === 'roles' ? 'roles' : 'accounts'
  // Roles choose projects from the tree; accounts show the root group by its label.
  const tree = useProjectTree()
  const nodes = tree.data ?? []

  function handleTabChange(key: string) {
    const next = new URLSearchParams(params)
    if (key === 'roles') next.set('tab', 'roles')
    else next.delete('tab')
    setParams(next)
  }

  return (
    <>
      <PageTitle>{t('menu.accountList')}</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={handleTabChange}
        items={[
          { key: 'accounts', label: t('accounts.tabAccounts'), children: <ChildAccountsTab tree={nodes} /> },
          { key: 'roles', label: t('accounts.tabRoles'), children: <RolesTab tree={nodes} /> },
        ]}
      />
    </>
  )
}

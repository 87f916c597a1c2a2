import { Descriptions, Grid } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDateTime, formatPhone } from '../../shared/format'
import type { Profile } from '../account/api'

/** The account's facts from user/info, as the home page shows them. */
export function AccountFacts({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const notSet = t('common.notSet')
  const wide = Grid.useBreakpoint().sm ?? true
  return (
    <Descriptions
      layout={wide ? 'horizontal' : 'vertical'}
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={[
        { key: 'account', label: t('home.account'), children: profile.username },
        {
          key: 'type',
          label: t('home.accountType'),
          children: profile.is_primary === 1 ? t('home.primaryAccount') : t('home.childAccount'),
        },
        { key: 'level', label: t('home.level'), children: profile.level },
        { key: 'email', label: t('home.email'), children: profile.email || notSet },
        {
          key: 'phone',
          label: t('home.phone'),
          children: formatPhone(profile.country_code, profile.phone) ?? notSet,
        },
        {
          key: 'registered',
          label: t('home.registered'),
          children: formatDateTime(profile.created_at) ?? notSet,
        },
        {
          key: 'lastLogin',
          label: t('home.lastLogin'),
          children: formatDateTime(profile.last_login_at) ?? t('home.firstLogin'),
        },
      ]}
    />
  )
}

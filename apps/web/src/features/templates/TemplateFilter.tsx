import { can } from '@canopy/shared/permissions'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/templates-messages'
import { usePermits } from '../auth/grants'
import { useTemplateList } from './api'

/** Templates offered at once in the filter (the list's largest page). */
const OFFERED = 100
const ALL = 0

/** The device list's template filter, for accounts that manage templates (who may list them). */
export function TemplateFilter({
  value,
  onChange,
}: {
  value?: number
  onChange: (tpl: number | undefined) => void
}) {
  const { t } = useTranslation()
  const permitted = usePermits()(can.manageTemplates)
  const list = useTemplateList({ pageIndex: 1, pageOffset: OFFERED }, permitted)
  if (!permitted) return null
  return (
    <Select<number>
      aria-label={t('templates.device.column')}
      value={value ?? ALL}
      onChange={(tpl) => onChange(tpl === ALL ? undefined : tpl)}
      options={[
        { value: ALL, label: t('templates.device.anyTemplate') },
        ...(list.data?.list ?? []).map((template) => ({ value: template.id, label: template.name })),
      ]}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 180 }}
    />
  )
}

import { can } from '@canopy/shared/permissions'
import { Alert, Button, Card, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import { toast } from '../../shared/ui/feedback'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { usePermits } from '../auth/grants'
import { reportError } from '../device-detail/report-error'
import { useProjectList } from '../projects/api'
import { AlarmMute } from './AlarmMute'
import { AlarmNoticeForm } from './AlarmNoticeForm'
import { AlarmRulesForm } from './AlarmRulesForm'
import {
  type AlarmConfig,
  type AlarmTarget,
  useAlarmConfig,
  useSetAlarmNotice,
  useSetAlarmRules,
} from './api'
import '../../shared/i18n/alarms-messages'

/**
 * A device's or a project's alarm settings (§3): the rules, who is told and how, the mute. A
 * device shows where its rules come from and may go back to its project's.
 */
export function AlarmSettings({ target }: { target: AlarmTarget }) {
  const { t } = useTranslation()
  const config = useAlarmConfig(target)
  const canEdit = usePermits()(can.device('edit'))
  if (config.isError && !config.data)
    return (
      <ErrorWithRetry
        title={t('alarms.settings.loadFailed')}
        onRetry={() => config.refetch()}
        retrying={config.isFetching}
      />
    )
  if (!config.data) return <PageSpinner />
  return <AlarmSettingsCards target={target} config={config.data} canEdit={canEdit} />
}

function AlarmSettingsCards({
  target,
  config,
  canEdit,
}: {
  target: AlarmTarget
  config: AlarmConfig
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const projects = useProjectList()
  const setRules = useSetAlarmRules(target)
  const setNotice = useSetAlarmNotice(target)
  const isDevice = 'id' in target
  const name = isDevice ? `alarm-device-${target.id}` : `alarm-project-${target.gid}`
  const projectName = (gid: number | null) =>
    projects.data?.find((project) => project.gid === gid)?.name ?? String(gid ?? '')

  async function handleInherit() {
    try {
      await setRules.mutateAsync({ inherit: true })
      await setNotice.mutateAsync({ inherit: true })
      void toast.success(t('alarms.settings.inheritedNow'))
    } catch (error) {
      reportError(error)
    }
  }

  const origin =
    config.rules_from === 'project'
      ? t('alarms.settings.inherited', { project: projectName(config.rules_gid) })
      : config.rules_from === 'none'
        ? t('alarms.settings.none')
        : isDevice
          ? t('alarms.settings.own')
          : t('alarms.settings.ownProject')

  return (
    <Flex vertical gap={16}>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('alarms.settings.rules')}</h2>}>
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title={origin}
            action={
              isDevice && canEdit && config.rules_from === 'own' ? (
                <Button size="small" onClick={() => void handleInherit()}>
                  {t('alarms.settings.useInherited')}
                </Button>
              ) : undefined
            }
          />
          <AlarmRulesForm
            name={`${name}-rules`}
            values={config.rules}
            canEdit={canEdit}
            onSave={(rules) => setRules.mutateAsync({ rules })}
          />
        </Flex>
      </Card>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('alarms.settings.notice')}</h2>}>
        {config.notice_from === 'project' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('alarms.settings.noticeInherited', { project: projectName(config.notice_gid) })}
          />
        )}
        <AlarmNoticeForm
          name={`${name}-notice`}
          config={config}
          canEdit={canEdit}
          onSave={(values) => setNotice.mutateAsync(values)}
        />
      </Card>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('alarms.settings.mute')}</h2>}>
        <AlarmMute target={target} mutedUntil={config.muted_until} canEdit={canEdit} />
      </Card>
    </Flex>
  )
}

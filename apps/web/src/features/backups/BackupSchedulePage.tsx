import { can } from '@canopy/shared/permissions'
import { BACKUP_FREQUENCIES, type BackupFrequency } from '@canopy/shared/validation'
import { Button, Card, Flex, Form, Select, TimePicker, Typography } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { formatDateTime } from '../../shared/format'
import { toast } from '../../shared/ui/feedback'
import { PageTitle } from '../../shared/ui/PageTitle'
import { usePermits } from '../auth/grants'
import { useProjectTree } from '../projects/api'
import { ProjectSelect } from '../projects/ProjectSelect'
import { useBackupSchedule, useCreateBackup, useSaveBackupSchedule } from './api'
import { BatchProgressLine } from './BatchProgressLine'
import { tellFailure } from './tell-failure'

const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'] as const

/**
 * /maintain/backup (§2 "config backup and restore"): a project's scheduled backup of all its
 * devices — off, daily or weekly at a time of day (UTC) — and backing the project up now, its
 * progress followed under the form. Each device's versions, diff and restore are in its detail's
 * Backups tab.
 */
export function BackupSchedulePage() {
  const { t } = useTranslation()
  const tree = useProjectTree()
  const [gid, setGid] = useState<number>()
  const schedule = useBackupSchedule(gid)
  const save = useSaveBackupSchedule()
  const backUp = useCreateBackup()
  const canBackUp = usePermits()(can.device('backup'))
  const [frequency, setFrequency] = useState<BackupFrequency>('off')
  const [weekday, setWeekday] = useState(0)
  const [time, setTime] = useState('03:00')
  /** the project backup started from this page, followed under the form */
  const [following, setFollowing] = useState<number>()

  useEffect(() => {
    if (gid === undefined && tree.data?.[0]) setGid(tree.data[0].gid)
  }, [gid, tree.data])
  useEffect(() => {
    if (!schedule.data) return
    setFrequency(schedule.data.frequency)
    setWeekday(schedule.data.weekday ?? 0)
    setTime(schedule.data.time)
  }, [schedule.data])

  async function handleSave() {
    if (gid === undefined) return
    try {
      await save.mutateAsync({ gid, frequency, time, ...(frequency === 'weekly' ? { weekday } : {}) })
      void toast.success(t('backups.schedule.saved'))
    } catch (error) {
      tellFailure(error)
    }
  }
  async function handleBackUpNow() {
    if (gid === undefined) return
    try {
      const started = await backUp.mutateAsync({ gid })
      setFollowing(started.operation_id)
      void toast.success(t('backups.started'))
    } catch (error) {
      tellFailure(error)
    }
  }

  return (
    <>
      <PageTitle>{t('backups.schedule.title')}</PageTitle>
      <Card>
        <Typography.Paragraph>{t('backups.schedule.intro')}</Typography.Paragraph>
        <Form layout="vertical" style={{ maxWidth: 420 }} onFinish={() => void handleSave()}>
          <Form.Item label={t('backups.schedule.project')}>
            <ProjectSelect
              tree={tree.data ?? []}
              value={gid}
              onChange={(next) => setGid(next)}
              aria-label={t('backups.schedule.project')}
            />
          </Form.Item>
          <Form.Item label={t('backups.schedule.frequency')}>
            <Select<BackupFrequency>
              aria-label={t('backups.schedule.frequency')}
              value={frequency}
              onChange={setFrequency}
              options={BACKUP_FREQUENCIES.map((value) => ({ value, label: t(`backups.schedule.${value}`) }))}
            />
          </Form.Item>
          {frequency === 'weekly' && (
            <Form.Item label={t('backups.schedule.weekday')}>
              <Select<number>
                aria-label={t('backups.schedule.weekday')}
                value={weekday}
                onChange={setWeekday}
                options={WEEKDAYS.map((day) => ({
                  value: Number(day),
                  label: t(`backups.schedule.weekdays.${day}`),
                }))}
              />
            </Form.Item>
          )}
          {frequency !== 'off' && (
            <Form.Item label={t('backups.schedule.time')}>
              <TimePicker
                aria-label={t('backups.schedule.time')}
                format="HH:mm"
                allowClear={false}
                value={dayjs(time, 'HH:mm')}
                onChange={(value) => value && setTime(value.format('HH:mm'))}
              />
            </Form.Item>
          )}
          {schedule.data?.next_run && (
            <Typography.Paragraph>
              {t('backups.schedule.nextRun')}: {formatDateTime(schedule.data.next_run)}
            </Typography.Paragraph>
          )}
          {canBackUp && (
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={gid === undefined}>
                {t('backups.schedule.save')}
              </Button>
              <Button
                loading={backUp.isPending}
                disabled={gid === undefined}
                onClick={() => void handleBackUpNow()}
              >
                {t('backups.schedule.backUpProject')}
              </Button>
            </Flex>
          )}
        </Form>
        {following !== undefined && <BatchProgressLine key={following} operationId={following} />}
      </Card>
    </>
  )
}

import { Button, Drawer } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AlarmSettings } from './AlarmSettings'
import '../../shared/i18n/alarms-messages'

/** A project's alarm settings (inherited by its devices), opened from the project list. */
export function ProjectAlarmButton({ project }: { project: { gid: number; name: string } }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('alarms.settings.projectButton')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('alarms.settings.projectTitle', { project: project.name })}
        size="min(900px, 100vw)"
        destroyOnHidden
      >
        {open && <AlarmSettings target={{ gid: project.gid }} />}
      </Drawer>
    </>
  )
}

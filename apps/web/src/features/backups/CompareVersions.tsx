import { Button, Flex, Typography } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import { type BackupVersion, type ConfigDiff, useConfigDiff } from './api'
import { ConfigDiffView } from './ConfigDiffView'
import { tellFailure } from './tell-failure'

/**
 * A slow answer turns the button into a spinner; a quick one (the usual) does not, so the click
 * that opens the diff does not also run the spinner's appear and leave motions.
 */
const SPINNER_AFTER = { delay: 300 }

/**
 * The Backups tab's toolbar with "Compare versions", and under it the diff that button opens: two
 * chosen versions side by side, or one against the device's desired settings. The diff is a panel
 * in the tab, not a dialog: a dialog's zoom, mask, scroll lock and focus trap cost 10–25 ms at each
 * opening (issue 14's diff in under 100 ms; docs/decisions.md). Its own component so that the
 * request's progress and the diff re-render this alone, not the versions table: the toolbar's
 * other controls come from the tab as elements, which React leaves alone when only this changes.
 */
export function CompareVersions({
  chosen,
  before,
  children,
}: {
  chosen: readonly BackupVersion[]
  /** the toolbar's controls before the button */
  before?: ReactNode
  /** the toolbar's controls after it */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const diff = useConfigDiff()
  const [shown, setShown] = useState<{ diff: ConfigDiff; left: string; right: string }>()
  const panel = useRef<HTMLElement>(null)

  // Keyboard and screen-reader users are taken to the diff (Escape there closes it).
  useEffect(() => {
    if (shown) panel.current?.focus()
  }, [shown])

  async function handleCompare() {
    const [first, second] = [...chosen].sort((a, b) => a.version - b.version)
    if (!first || diff.isPending) return
    try {
      const answer = await diff.mutateAsync({ from: first.id, ...(second ? { to: second.id } : {}) })
      setShown({
        diff: answer,
        left: t('backups.versionLabel', { version: first.version }),
        right: second ? t('backups.versionLabel', { version: second.version }) : t('backups.desired'),
      })
    } catch (error) {
      tellFailure(error)
    }
  }

  const title = shown && `${shown.left} ↔ ${shown.right}`
  return (
    <>
      <Flex gap={8} wrap align="center">
        {before}
        <Button
          disabled={chosen.length === 0}
          loading={diff.isPending && SPINNER_AFTER}
          onClick={() => void handleCompare()}
        >
          {chosen.length === 2 ? t('backups.compareTwo') : t('backups.compareDesired')}
        </Button>
        {children}
      </Flex>
      {shown && (
        <section
          ref={panel}
          tabIndex={-1}
          aria-label={title}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setShown(undefined)
          }}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, outline: 'none' }}
        >
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {title}
            </Typography.Title>
            <Button onClick={() => setShown(undefined)}>{t('backups.closeDiff')}</Button>
          </Flex>
          <ConfigDiffView diff={shown.diff} leftTitle={shown.left} rightTitle={shown.right} />
        </section>
      )}
    </>
  )
}

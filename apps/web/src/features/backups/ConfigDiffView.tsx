import { Alert, Flex, Typography } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import type { ConfigDiff } from './api'
import { sideBySide } from './side-by-side'

const BACKGROUND = { changed: '#fff7e6', removed: '#fff1f0', added: '#f6ffed', same: undefined } as const
const cell = {
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  padding: '0 8px',
  width: '50%',
} as const

/**
 * Two configurations side by side (secrets masked by the server), the lines that differ
 * coloured, and each changed secret named below: its value is never shown.
 */
export function ConfigDiffView({
  diff,
  leftTitle,
  rightTitle,
}: {
  diff: ConfigDiff
  leftTitle: string
  rightTitle: string
}) {
  const { t } = useTranslation()
  const rows = useMemo(
    () => sideBySide(JSON.stringify(diff.from.config, null, 2), JSON.stringify(diff.to.config, null, 2)),
    [diff],
  )
  const secrets = diff.changes.filter((change) => change.secret)
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>
        {diff.changes.length === 0
          ? t('backups.noDifferences')
          : t('backups.changes', { count: diff.changes.length })}
      </Typography.Text>
      {secrets.map((change) => (
        <Alert
          key={change.path}
          type="info"
          showIcon
          title={t('backups.secretChanged', { path: change.path })}
        />
      ))}
      <div style={{ maxHeight: 480, overflow: 'auto', border: '1px solid #d9d9d9' }}>
        <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-label={t('backups.compare')}>
          <thead>
            <tr>
              <th style={cell}>{leftTitle}</th>
              <th style={cell}>{rightTitle}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's rows have no identity but their place
              <tr key={index} data-kind={row.kind} style={{ background: BACKGROUND[row.kind] }}>
                <td style={cell}>{row.left}</td>
                <td style={cell}>{row.right}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Flex>
  )
}

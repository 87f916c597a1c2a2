import { Alert, Button, Flex, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../shared/i18n/backups-messages'
import type { ConfigDiff } from './api'
import { sideBySide, withFolds } from './side-by-side'

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
 * coloured with a few unchanged lines around them (longer unchanged runs folded, each opened by a
 * click), and each changed secret named below: its value is never shown.
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
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const shown = useMemo(() => withFolds(rows, open), [rows, open])
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
            {shown.map((item) =>
              'fold' in item ? (
                <tr key={`fold-${item.fold.from}`} data-kind="fold">
                  <td colSpan={2} style={{ ...cell, textAlign: 'center', background: '#fafafa' }}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setOpen((opened) => new Set([...opened, item.fold.from]))}
                    >
                      {t('backups.unchangedLines', { count: item.fold.count })}
                    </Button>
                  </td>
                </tr>
              ) : (
                <tr key={item.at} data-kind={item.row.kind} style={{ background: BACKGROUND[item.row.kind] }}>
                  <td style={cell}>{item.row.left}</td>
                  <td style={cell}>{item.row.right}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </Flex>
  )
}

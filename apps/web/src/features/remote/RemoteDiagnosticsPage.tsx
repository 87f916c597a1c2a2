import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import '../../shared/i18n/device-operations-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { type DiagnosticTool, useDiagnostic } from './api'
import { refusalProblem } from './link'
import { RemotePage } from './RemotePage'
import { useRemoteLink } from './use-remote-link'

interface DiagnosticForm {
  tool: DiagnosticTool
  host?: string
}

/** /manager2: diagnostics run on the device itself (ping, traceroute, its interfaces). */
export function RemoteDiagnosticsPage() {
  const { t } = useTranslation()
  const link = useRemoteLink('diag')
  const [form] = Form.useForm<DiagnosticForm>()
  const tool = Form.useWatch('tool', form)
  const diagnostic = useDiagnostic()
  const tools: Record<DiagnosticTool, string> = {
    ping: t('deviceOperations.diagnostics.tools.ping'),
    traceroute: t('deviceOperations.diagnostics.tools.traceroute'),
    interfaces: t('deviceOperations.diagnostics.tools.interfaces'),
  }
  const needsHost = tool !== 'interfaces'
  // The link expiring or the device going offline while the form is open: the page says so.
  const refused = refusalProblem(diagnostic.error)
  const pageLink = refused ? { ...link, problem: link.problem ?? refused } : link

  function handleFinish({ tool, host }: DiagnosticForm) {
    diagnostic.mutate(
      { token: link.token, tool, ...(tool === 'interfaces' ? {} : { host }) },
      { onError: (error) => void showFieldErrors(form, error) },
    )
  }

  // Any other refusal shows above the output; a rule the host broke shows on the field.
  const { error } = diagnostic
  const failure =
    isApiError(error) && !refused && error.violations.length === 0 ? error.messageKey : undefined

  return (
    <RemotePage title={t('deviceOperations.remote.diagnosticsTitle')} link={pageLink}>
      <Card>
        <Form<DiagnosticForm>
          form={form}
          name="diagnostic"
          layout="inline"
          initialValues={{ tool: 'ping', host: '' }}
          onFinish={handleFinish}
        >
          <Form.Item name="tool" label={t('deviceOperations.diagnostics.tool')}>
            <Select
              style={{ width: 160 }}
              options={(Object.keys(tools) as DiagnosticTool[]).map((value) => ({
                value,
                label: tools[value],
              }))}
            />
          </Form.Item>
          {needsHost && (
            <Form.Item
              name="host"
              label={t('deviceOperations.diagnostics.host')}
              required
              rules={[zodRule((r) => r.diagnosticHost)]}
            >
              <Input placeholder={t('deviceOperations.diagnostics.hostHint')} style={{ width: 280 }} />
            </Form.Item>
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={diagnostic.isPending}>
              {t('deviceOperations.diagnostics.run')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      <Card title={t('deviceOperations.diagnostics.output')}>
        {diagnostic.isPending ? (
          <Typography.Text type="secondary">{t('deviceOperations.diagnostics.running')}</Typography.Text>
        ) : diagnostic.data ? (
          <pre
            role="log"
            aria-label={t('deviceOperations.diagnostics.output')}
            style={{ margin: 0, whiteSpace: 'pre-wrap' }}
          >
            {diagnostic.data.output.length
              ? diagnostic.data.output.join('\n')
              : t('deviceOperations.diagnostics.noOutput')}
          </pre>
        ) : null}
      </Card>
    </RemotePage>
  )
}

import { UploadOutlined } from '@ant-design/icons'
import { ErrorCode } from '@canopy/shared/errors'
import { Alert, Button, Form, Input, Modal, Typography } from 'antd'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import '../../shared/i18n/maintain-messages'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'
import { useUploadFirmware } from './api'
import { checkFirmwareFile, type FirmwareFileCheck, sizeParts } from './firmware-file'
import { ProductModelSelect } from './ProductModelSelect'

/** §8 upload refusals the dialog keeps in view rather than toasting. */
const IN_PLACE = [ErrorCode.UNSUPPORTED_FILE_TYPE, ErrorCode.FILE_EXISTS, ErrorCode.FIRMWARE_MODEL_MISMATCH]

interface UploadFields {
  model?: string
  version?: string
}

/**
 * Uploads one firmware image. A Canopy image names its model and version in its header, and the
 * form shows what it read; a raw image (.bin/.img/.trx) asks for both. Size and type are checked
 * here first, with the server's own messages; the server checks again and computes the sha256.
 */
export function FirmwareUploadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<UploadFields>()
  const upload = useUploadFirmware(IN_PLACE)
  // The server takes a catalogue product's model only: offer those.
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [file, setFile] = useState<File>()
  const [check, setCheck] = useState<FirmwareFileCheck>()
  const [refusal, setRefusal] = useState<string>()

  async function handleFile(chosen: File | undefined) {
    setRefusal(undefined)
    setFile(chosen)
    setCheck(chosen ? await checkFirmwareFile(chosen) : undefined)
  }

  const needsFields = check?.ok === true && check.header === undefined
  const fileProblem = check && !check.ok ? translateKey(check.reason) : undefined

  async function handleFinish(fields: UploadFields) {
    if (!file || !check?.ok) {
      setRefusal(fileProblem ?? t('maintain.firmware.fileRequired'))
      return
    }
    try {
      const uploaded = await upload.mutateAsync({
        file,
        ...(needsFields ? { model: fields.model?.trim(), version: fields.version?.trim() } : {}),
      })
      void toast.success(
        t('maintain.firmware.uploaded', { model: uploaded.model, version: uploaded.version }),
      )
      onClose()
    } catch (error) {
      // The file's own refusal (over the limit) belongs with the file, not with a text field.
      const onFile = isApiError(error)
        ? error.violations.find((violation) => violation.field === 'file')
        : undefined
      if (onFile) setRefusal(translateKey(onFile.rule))
      else if (showFieldErrors(form, error)) return
      else if (isApiError(error) && !error.shown) setRefusal(translateKey(error.messageKey))
    }
  }

  function sizeText(bytes: number) {
    const { unit, value } = sizeParts(bytes)
    return t(`maintain.firmware.sizeUnits.${unit}`, { value })
  }

  return (
    <Modal
      open
      title={t('maintain.firmware.uploadTitle')}
      okText={t('maintain.firmware.upload')}
      cancelText={t('common.cancel')}
      confirmLoading={upload.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<UploadFields> form={form} name="firmwareUpload" layout="vertical" onFinish={handleFinish}>
        <Form.Item label={t('maintain.firmware.file')} required htmlFor={inputId}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".bin,.img,.trx,application/octet-stream"
            style={{ display: 'none' }}
            onChange={(event) => void handleFile(event.target.files?.[0])}
          />
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
            {t('maintain.firmware.chooseFile')}
          </Button>
          {file && (
            <Typography.Text style={{ marginInlineStart: 8 }}>
              {file.name} ({sizeText(file.size)})
            </Typography.Text>
          )}
          {check?.ok && check.header && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('maintain.firmware.headerRead', check.header)}
            </Typography.Paragraph>
          )}
          {needsFields && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('maintain.firmware.noHeader')}
            </Typography.Paragraph>
          )}
        </Form.Item>
        {needsFields && (
          <>
            <Form.Item
              name="model"
              label={t('maintain.firmware.model')}
              required
              rules={[zodRule((r) => r.firmwareModel)]}
            >
              <ProductModelSelect />
            </Form.Item>
            <Form.Item
              name="version"
              label={t('maintain.firmware.version')}
              required
              rules={[zodRule((r) => r.firmwareVersion)]}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </>
        )}
        {(fileProblem ?? refusal) && (
          <Alert type="error" showIcon title={fileProblem ?? refusal} role="alert" />
        )}
      </Form>
    </Modal>
  )
}

import { Button, Flex, Typography, Upload } from 'antd'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { usePictureUrl, useUploadPicture } from './api'

export interface PictureFieldProps {
  /** the stored picture's id (a form field's value) */
  value?: number | null
  onChange?: (id: number | null) => void
  /** the label of the field, for the chooser's name */
  label: string
}

/** A page's picture: choose a file, the server keeps a re-encoded copy and answers with its id. */
export function PictureField({ value = null, onChange, label }: PictureFieldProps) {
  const { t } = useTranslation()
  const upload = useUploadPicture()
  const url = usePictureUrl(value)
  const failure = upload.error && isApiError(upload.error) ? upload.error.messageKey : undefined
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        {url && <img src={url} alt={label} style={{ height: 40, borderRadius: 4 }} />}
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          customRequest={({ file }) => {
            upload.mutate(file as File, { onSuccess: ({ id }) => onChange?.(id) })
          }}
        >
          <Button loading={upload.isPending} aria-label={`${label}: ${t('portal.page.choosePicture')}`}>
            {upload.isPending ? t('portal.page.uploading') : t('portal.page.choosePicture')}
          </Button>
        </Upload>
        {value !== null && (
          <Button type="link" onClick={() => onChange?.(null)}>
            {t('portal.page.removePicture')}
          </Button>
        )}
      </Flex>
      {failure && (
        <Typography.Text type="danger" role="alert">
          {translateKey(failure)}
        </Typography.Text>
      )}
    </Flex>
  )
}

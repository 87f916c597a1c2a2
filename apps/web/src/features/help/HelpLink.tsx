import { QuestionCircleOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { helpPathFor } from './help-topics'
import '../../shared/i18n/help-messages'

/**
 * The top bar's help button: it opens the help center's article on the page being shown, so
 * every page of the frame links to its help from this one place.
 */
export function HelpLink() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const to = helpPathFor(pathname)
  return (
    <Tooltip title={t('helpCenter.pageHelp')}>
      <Button
        type="text"
        href={to}
        icon={<QuestionCircleOutlined aria-hidden />}
        aria-label={t('helpCenter.pageHelp')}
        onClick={(event) => {
          // A plain click stays in the console; a middle or modified click opens a tab as links do.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
          event.preventDefault()
          void navigate(to)
        }}
      />
    </Tooltip>
  )
}

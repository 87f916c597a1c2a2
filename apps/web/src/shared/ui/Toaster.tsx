import { message } from 'antd'
import { useEffect } from 'react'
import { registerMessageApi } from './feedback'

/** Renders antd's message holder inside the ConfigProvider, so toasts get the theme and locale. */
export function Toaster() {
  const [api, holder] = message.useMessage()
  useEffect(() => {
    registerMessageApi(api)
    return () => registerMessageApi(undefined)
  }, [api])
  return holder
}

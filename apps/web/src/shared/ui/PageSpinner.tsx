import { Flex, Spin } from 'antd'

/** Shown while a page's chunk or the guard's first user call is on its way. */
export function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240, height: '100%' }}>
      <Spin />
    </Flex>
  )
}

import { Select, type SelectProps } from 'antd'
import { useDeviceProducts } from '../devices/api'

/**
 * A model of the product catalogue ("CAP-1200 · Ceiling AP"), searchable: what a firmware image
 * without a header and an order for a project's devices are for. The Form.Item's value, change
 * and ids pass through.
 */
export function ProductModelSelect(props: Omit<SelectProps<string>, 'options' | 'loading' | 'showSearch'>) {
  const products = useDeviceProducts()
  return (
    <Select<string>
      {...props}
      showSearch
      loading={products.isPending}
      options={(products.data ?? []).map((product) => ({
        value: product.model,
        label: `${product.model} · ${product.name}`,
      }))}
    />
  )
}

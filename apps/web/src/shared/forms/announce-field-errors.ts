/** antd's class for one error message under a form field (warnings have `-warning`). */
const FIELD_ERROR = '.ant-form-item-explain-error'

/**
 * Makes every form's field errors announced as they appear (the issue's "errors are announced
 * next to the field"). antd 6's form error list carries no role or aria-live (antd 5 gave each
 * error role="alert"), and it is rendered deep inside Form.Item, out of our reach by props. One
 * observer for the page gives each error message role="alert" the moment antd inserts it, so a
 * screen reader speaks it; antd already points the input's aria-describedby at the list, so the
 * field also reads its error when focused. Returns the function that stops it.
 */
export function announceFieldErrors(root: HTMLElement = document.body): () => void {
  const mark = (node: Element) => {
    if (node.matches(FIELD_ERROR)) node.setAttribute('role', 'alert')
    for (const error of node.querySelectorAll(FIELD_ERROR)) error.setAttribute('role', 'alert')
  }
  mark(root)
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) mark(node)
    }
  })
  observer.observe(root, { childList: true, subtree: true })
  return () => observer.disconnect()
}

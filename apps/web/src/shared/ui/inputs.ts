// antd's Input module attaches TextArea, Search, OTP and Group to Input as statics, so importing
// it bundles all of them. The login page's first paint needs only these two (~6 KB gzip less).
// Other pages import Input from 'antd' as usual.
export { default as Input } from 'antd/es/input/Input'
export { default as PasswordInput } from 'antd/es/input/Password'

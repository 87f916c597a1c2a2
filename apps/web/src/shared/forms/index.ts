export { differsFromField, loadRules, matchesField, phoneWithCountryCode, type Rules, zodRule } from './rules'
export { showFieldErrors } from './server-errors'

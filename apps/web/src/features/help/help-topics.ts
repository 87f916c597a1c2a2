/**
 * The help center's table of contents: which articles exist, the section each belongs to, and
 * the article that explains each page of the console. It holds no text (the articles are loaded
 * per language with the help page), so the top bar's help link costs next to nothing.
 */

export const HELP_SECTIONS = [
  'start',
  'devices',
  'projects',
  'maintenance',
  'notifications',
  'portal',
  'accounts',
] as const

export type HelpSectionId = (typeof HELP_SECTIONS)[number]

/** Every article, in reading order within its section. */
export const HELP_ARTICLES = {
  console: 'start',
  home: 'start',
  'sign-in': 'start',
  register: 'start',
  'password-reset': 'start',
  'device-list': 'devices',
  'bind-device': 'devices',
  'batch-operations': 'devices',
  'device-detail': 'devices',
  alarms: 'devices',
  remote: 'devices',
  projects: 'projects',
  upgrade: 'maintenance',
  logs: 'maintenance',
  backups: 'maintenance',
  templates: 'maintenance',
  messages: 'notifications',
  announcements: 'notifications',
  'portal-pages': 'portal',
  'portal-strategy': 'portal',
  'portal-methods': 'portal',
  'portal-details': 'portal',
  'accounts-roles': 'accounts',
  'personal-center': 'accounts',
  wechat: 'accounts',
} as const satisfies Record<string, HelpSectionId>

export type HelpArticleId = keyof typeof HELP_ARTICLES

export const HELP_ARTICLE_IDS = Object.keys(HELP_ARTICLES) as HelpArticleId[]

export function isHelpArticleId(value: string | undefined): value is HelpArticleId {
  return value !== undefined && Object.hasOwn(HELP_ARTICLES, value)
}

/**
 * The article of each page the router knows (app/router.tsx). The unit test walks the router's
 * page routes and fails for a page that is missing here, so a new page comes with its article.
 */
export const ROUTE_ARTICLES: Readonly<Record<string, HelpArticleId>> = {
  '/login': 'sign-in',
  '/register': 'register',
  '/agreement': 'register',
  '/forgetpassword': 'password-reset',
  '/sendEmail': 'password-reset',
  '/resetpassword': 'password-reset',
  '/404': 'console',
  '/manager1': 'remote',
  '/manager2': 'remote',
  '/announcement_list': 'announcements',
  '/announcement': 'announcements',
  '/home/main': 'home',
  '/device/management': 'device-list',
  '/device/detail': 'device-detail',
  '/device/alarm': 'alarms',
  '/project/manage': 'projects',
  '/maintain/upgrade': 'upgrade',
  '/maintain/log': 'logs',
  '/maintain/tpl': 'templates',
  '/maintain/backup': 'backups',
  '/auth/portal': 'portal-pages',
  '/auth/strategy': 'portal-strategy',
  '/auth/method': 'portal-methods',
  '/auth/detail': 'portal-details',
  '/account/list': 'accounts-roles',
  '/user_info': 'personal-center',
  '/msg': 'messages',
  '/help': 'console',
  '/help/:article': 'console',
}

/** The help center's address for a page: its article, or the help center's index. */
export function helpPathFor(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  // On the help center itself the link leads back to its index.
  if (trimmed === '/help' || trimmed.startsWith('/help/')) return '/help'
  const article = ROUTE_ARTICLES[trimmed]
  return article ? `/help/${article}` : '/help'
}

import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageSpinner } from '../shared/ui/PageSpinner'
import { createGuardLoader } from './guard-loader'
import { lazyPage } from './lazy-page'
import { RootShell } from './RootShell'
import { RouteErrorPage } from './RouteErrorPage'
import { frameTitle, pageRoute } from './route-table'

/** '/', '/home' and unknown paths: the guard redirects before this would render. */
function GuardRedirect() {
  return null
}

/**
 * The console's routes (spec §2). The root loader is the guard: it runs before every navigation
 * and redirects '/', sections, unknown and forbidden paths, so those routes render nothing.
 */
export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(consoleRoutes(queryClient))
}

/** The route objects themselves, so tests can walk them without starting a router. */
export function consoleRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: createGuardLoader(queryClient),
      // The guard must see every navigation, not only those that change the root's params.
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, Component: GuardRedirect },
        // Public pages
        pageRoute(
          'login',
          'login.title',
          () => import('../features/auth/LoginPage'),
          (m) => m.LoginPage,
        ),
        pageRoute(
          'register',
          'register.title',
          () => import('../features/register/RegisterPage'),
          (m) => m.RegisterPage,
        ),
        pageRoute(
          'agreement',
          'agreement.title',
          () => import('../features/register/AgreementPage'),
          (m) => m.AgreementPage,
        ),
        pageRoute(
          'forgetpassword',
          'forget.title',
          () => import('../features/password/ForgetPasswordPage'),
          (m) => m.ForgetPasswordPage,
        ),
        pageRoute(
          'sendEmail',
          'sendEmail.title',
          () => import('../features/password/SendEmailPage'),
          (m) => m.SendEmailPage,
        ),
        pageRoute(
          'resetpassword',
          'reset.title',
          () => import('../features/password/ResetPasswordPage'),
          (m) => m.ResetPasswordPage,
        ),
        pageRoute(
          '404',
          'notFound.title',
          () => import('../features/errors/NotFoundPage'),
          (m) => m.NotFoundPage,
        ),
        // Remote management links (§2): the link's signed token is the credential
        pageRoute(
          'manager1',
          'deviceOperations.remote.title',
          () => import('../features/remote/RemoteManagerPage'),
          (m) => m.RemoteManagerPage,
        ),
        pageRoute(
          'manager2',
          'deviceOperations.remote.diagnosticsTitle',
          () => import('../features/remote/RemoteDiagnosticsPage'),
          (m) => m.RemoteDiagnosticsPage,
        ),
        pageRoute(
          'announcement_list',
          'announcement.listTitle',
          () => import('../features/announcements/AnnouncementListPage'),
          (m) => m.AnnouncementListPage,
        ),
        pageRoute(
          'announcement',
          'announcement.title',
          () => import('../features/announcements/AnnouncementPage'),
          (m) => m.AnnouncementPage,
        ),
        // The main frame: top bar and side menu around the signed-in pages
        {
          lazy: lazyPage(
            () => import('./layout/FrameLayout'),
            (m) => m.FrameLayout,
          ),
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              path: 'home',
              children: [
                { index: true, Component: GuardRedirect },
                pageRoute(
                  'main',
                  frameTitle('/home/main'),
                  () => import('../features/home/HomePage'),
                  (m) => m.HomePage,
                ),
              ],
            },
            {
              path: 'device',
              children: [
                { index: true, Component: GuardRedirect },
                pageRoute(
                  'management',
                  frameTitle('/device/management'),
                  () => import('../features/devices/DeviceManagementPage'),
                  (m) => m.DeviceManagementPage,
                ),
                pageRoute(
                  'detail',
                  frameTitle('/device/detail'),
                  () => import('../features/device-detail/DeviceDetailPage'),
                  (m) => m.DeviceDetailPage,
                ),
                pageRoute(
                  'alarm',
                  frameTitle('/device/alarm'),
                  () => import('../features/alarms/AlarmListPage'),
                  (m) => m.AlarmListPage,
                ),
              ],
            },
            {
              path: 'project',
              children: [
                { index: true, Component: GuardRedirect },
                pageRoute(
                  'manage',
                  frameTitle('/project/manage'),
                  () => import('../features/projects/ProjectManagementPage'),
                  (m) => m.ProjectManagementPage,
                ),
              ],
            },
            {
              path: 'maintain',
              children: [
                { index: true, Component: GuardRedirect },
                pageRoute(
                  'upgrade',
                  frameTitle('/maintain/upgrade'),
                  () => import('../features/maintain/UpgradePage'),
                  (m) => m.UpgradePage,
                ),
                pageRoute(
                  'log',
                  frameTitle('/maintain/log'),
                  () => import('../features/maintain/LogPage'),
                  (m) => m.LogPage,
                ),
                pageRoute(
                  'tpl',
                  frameTitle('/maintain/tpl'),
                  () => import('../features/templates/TemplatesPage'),
                  (m) => m.TemplatesPage,
                ),
                pageRoute(
                  'backup',
                  frameTitle('/maintain/backup'),
                  () => import('../features/backups/BackupSchedulePage'),
                  (m) => m.BackupSchedulePage,
                ),
              ],
            },
            {
              path: 'auth',
              children: [
                { index: true, Component: GuardRedirect },
                pageRoute(
                  'portal',
                  frameTitle('/auth/portal'),
                  () => import('../features/portal/PortalPagesPage'),
                  (m) => m.PortalPagesPage,
                ),
                pageRoute(
                  'strategy',
                  frameTitle('/auth/strategy'),
                  () => import('../features/portal/StrategyPage'),
                  (m) => m.StrategyPage,
                ),
                pageRoute(
                  'method',
                  frameTitle('/auth/method'),
                  () => import('../features/portal/MethodPage'),
                  (m) => m.MethodPage,
                ),
                pageRoute(
                  'detail',
                  frameTitle('/auth/detail'),
                  () => import('../features/guest-details/GuestDetailsPage'),
                  (m) => m.GuestDetailsPage,
                ),
              ],
            },
            {
              path: 'account',
              children: [
                { index: true, Component: GuardRedirect },
                pageRoute(
                  'list',
                  frameTitle('/account/list'),
                  () => import('../features/account-management/AccountManagementPage'),
                  (m) => m.AccountManagementPage,
                ),
              ],
            },
            pageRoute(
              'user_info',
              frameTitle('/user_info'),
              () => import('../features/account/PersonalCenterPage'),
              (m) => m.PersonalCenterPage,
            ),
            pageRoute(
              'msg',
              frameTitle('/msg'),
              () => import('../features/messages/MessagesPage'),
              (m) => m.MessagesPage,
            ),
            pageRoute(
              'help',
              frameTitle('/help'),
              () => import('../features/help/HelpPage'),
              (m) => m.HelpPage,
            ),
            // An article of the help center, at its own address (/help/alarms)
            pageRoute(
              'help/:article',
              frameTitle('/help'),
              () => import('../features/help/HelpPage'),
              (m) => m.HelpPage,
            ),
          ],
        },
        { path: '*', Component: GuardRedirect },
      ],
    },
  ]
}

export type ConsoleRouter = ReturnType<typeof createRouter>

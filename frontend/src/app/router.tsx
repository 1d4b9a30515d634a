import { Navigate, useLocation, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { AppShell, TopNav } from '../components/AppShell';
import { RouteErrorBoundary } from '../components/RouteError';
import UnknownAddress from '../components/UnknownAddress';
import { apiPaths } from '../config/api-paths';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../components/auth/ProtectedRoute';
import { probablySignedIn } from '../components/auth/signed-in-hint';
import { requestEarly } from '../lib/early-requests';
import { elementsAt, lazyPage, preloadersFor, routeMatchAt } from '../lib/lazy-page';

// Every page is its own chunk, so the first load carries only the shell and the page shown.
// The server-state cache (TanStack Query) comes with the first page after the landing page.
const QueryLayout = lazyPage(() => import('../components/QueryLayout'));
const LandingPage = lazyPage(() => import('../features/landing/LandingPage'));
const LegalPage = lazyPage(() => import('../features/legal/LegalPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const SignupPage = lazyPage(() => import('../features/auth/SignupPage'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/VerifyEmailPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const ResendVerificationPage = lazyPage(() => import('../features/auth/ResendVerificationPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const PortraitPage = lazyPage(() => import('../features/profile/PortraitPage'));
const AdminPage = lazyPage(() => import('../features/admin/AdminPage'));
const ValueExplorerWelcome = lazyPage(() => import('../features/value-explorer/pages/WelcomePage'));
const ValueExplorerLayout = lazyPage(() => import('../features/value-explorer/pages/ValueExplorerLayout'));
const ValueExplorerAreas = lazyPage(() => import('../features/value-explorer/pages/AreasPage'));
const ValueExplorerEdit = lazyPage(() => import('../features/value-explorer/pages/EditAreaPage'));
const ValueExplorerSummary = lazyPage(() => import('../features/value-explorer/pages/SummaryPage'));
const JournalPage = lazyPage(() => import('../features/journal/pages/JournalPage'));
const InterviewWelcomePage = lazyPage(() => import('../features/interview/pages/InterviewWelcomePage'));
const InterviewPage = lazyPage(() => import('../features/interview/pages/InterviewPage'));
const YearCompassLanding = lazyPage(() => import('../features/year-compass/pages/YearCompassLandingPage'));
const YearCompassLayout = lazyPage(() => import('../features/year-compass/pages/YearCompassLayout'));
const YearCompassApp = lazyPage(() => import('../features/year-compass/pages/YearCompassAppPage'));
const YearCompassPrint = lazyPage(() => import('../features/year-compass/pages/YearCompassPrintPage'));
const ReflectPage = lazyPage(() => import('../features/reflect/pages/ReflectPage'));
const ReflectionPage = lazyPage(() => import('../features/reflect/pages/ReflectionPage'));

/**
 * What a route adds to the table: API reads its page makes at once, started with its chunks;
 * a read may depend on the address's parameters (an id).
 */
interface PageHandle {
  earlyRequests?: readonly (string | ((params: Params) => string | undefined))[];
  /**
   * The page renders from these reads in its first render (takeLoadedWithPage), so that render
   * waits for them as for its chunks; otherwise they are only started early.
   */
  firstRenderReads?: boolean;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell isSignedInPage={isSignedInPage} />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        element: <QueryLayout />,
        children: [
          { path: paths.terms, element: <LegalPage page="terms" /> },
          { path: paths.privacy, element: <LegalPage page="privacy" /> },
          { path: paths.faq, element: <LegalPage page="faq" /> },
          { path: paths.login, element: <LoginPage /> },
          { path: paths.signup, element: <SignupPage /> },
          { path: paths.verifyEmail, element: <VerifyEmailPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.resendVerification, element: <ResendVerificationPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          {
            path: paths.profile,
            element: (
              <ProtectedRoute>
                <ProfilePage />
              </ProtectedRoute>
            ),
          },
          {
            path: paths.portrait,
            element: (
              <ProtectedRoute>
                <PortraitPage />
              </ProtectedRoute>
            ),
          },
          {
            path: paths.admin,
            element: (
              <ProtectedRoute>
                <AdminPage />
              </ProtectedRoute>
            ),
          },
          // The welcome is public: visitors see a login form there (part 1 §2).
          { path: paths.valueExplorer, element: <ValueExplorerWelcome /> },
          {
            path: paths.valueExplorer,
            element: (
              <ProtectedRoute>
                <ValueExplorerLayout />
              </ProtectedRoute>
            ),
            handle: { earlyRequests: [apiPaths.valueExplorerData], firstRenderReads: true } satisfies PageHandle,
            children: [
              { path: 'areas', element: <ValueExplorerAreas /> },
              { path: 'edit', element: <ValueExplorerEdit /> },
              { path: 'summary', element: <ValueExplorerSummary /> },
              { path: '*', element: <Navigate to={`${paths.valueExplorer}/areas`} replace /> },
            ],
          },
          {
            path: paths.reflect,
            element: (
              <ProtectedRoute>
                <ReflectPage />
              </ProtectedRoute>
            ),
          },
          {
            path: `${paths.reflect}/new_topic/:topicId`,
            element: (
              <ProtectedRoute>
                <ReflectionPage />
              </ProtectedRoute>
            ),
          },
          {
            path: `${paths.reflect}/id/:reflectionId`,
            handle: {
              earlyRequests: [({ reflectionId }) => reflectionId && apiPaths.reflection(reflectionId)],
            } satisfies PageHandle,
            element: (
              <ProtectedRoute>
                <ReflectionPage />
              </ProtectedRoute>
            ),
          },
          { path: paths.yearCompass, element: <YearCompassLanding /> },
          // Visitors get part 2's 'must be logged in' message from the layout, not a redirect.
          {
            path: paths.yearCompassApp,
            element: <YearCompassLayout />,
            children: [
              { index: true, element: <YearCompassApp /> },
              { path: 'print', element: <YearCompassPrint /> },
              { path: '*', element: <Navigate to={paths.yearCompassApp} replace /> },
            ],
          },
          // Part 2 §2: /journal and below need a login; the Journal itself tells non-clinicians it is for clinicians.
          {
            path: `${paths.journal}/*`,
            element: (
              <ProtectedRoute>
                <JournalPage />
              </ProtectedRoute>
            ),
          },
          // The interview is public: no login anywhere on it.
          { path: `${paths.interview}/:interviewId`, element: <InterviewWelcomePage /> },
          { path: `${paths.interview}/:interviewId/:sessionId`, element: <InterviewPage /> },
        ],
      },
      { path: '*', element: <UnknownAddress /> },
    ],
  },
];

/**
 * What the shell loads for someone signed in: the top bar, and the portrait it shows. The server
 * names these in the page it sends to a browser with a session, with the chunks and early reads
 * of the route (scripts/route-preloads.mjs, core/web/spa.ts).
 */
export const signedInShell = { pages: [TopNav], earlyRequests: [apiPaths.portrait] } as const;

/**
 * Asks at once for every chunk the page at `pathname` renders (its layouts and the page), which
 * otherwise load one after another as each layout renders the next. Settles when they have all
 * arrived or failed.
 */
export function preloadPagesFor(pathname: string): Promise<void> {
  const loads = preloadersFor(routes, pathname).map((load) => load());
  for (const match of routeMatchAt(routes, pathname).matches) {
    const handle = match.route.handle as PageHandle | undefined;
    for (const read of handle?.earlyRequests ?? []) {
      const path = typeof read === 'string' ? read : read(match.params);
      if (!path) continue;
      const answered = requestEarly(path);
      if (handle?.firstRenderReads) loads.push(answered);
    }
  }
  if (isSignedInPage(pathname) || probablySignedIn()) {
    for (const page of signedInShell.pages) loads.push(page.preload());
    for (const read of signedInShell.earlyRequests) void requestEarly(read);
  }
  // A chunk that fails here fails again, visibly, when the page renders it.
  return Promise.allSettled(loads).then(() => undefined);
}

/** Whether the page at `pathname` is for signed-in people only (behind `<ProtectedRoute>`). */
export function isSignedInPage(pathname: string): boolean {
  return elementsAt(routes, pathname).some((element) => element.type === ProtectedRoute);
}

/** The page for the address, or the error screen when it fails to render or to load. */
export function AppRoutes() {
  const { key } = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary locationKey={key}>{page}</RouteErrorBoundary>;
}

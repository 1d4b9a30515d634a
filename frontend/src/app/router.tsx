import { lazy } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from '../components/AppShell';
import { RouteErrorBoundary } from '../components/RouteError';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../components/auth/ProtectedRoute';

// Every page is its own chunk, so the first load carries only the shell and the page shown.
// The server-state cache (TanStack Query) comes with the first page after the landing page.
const QueryLayout = lazy(() => import('../components/QueryLayout'));
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const LegalPage = lazy(() => import('../features/legal/LegalPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResendVerificationPage = lazy(() => import('../features/auth/ResendVerificationPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const PortraitPage = lazy(() => import('../features/profile/PortraitPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const ValueExplorerWelcome = lazy(() => import('../features/value-explorer/pages/WelcomePage'));
const ValueExplorerLayout = lazy(() => import('../features/value-explorer/pages/ValueExplorerLayout'));
const ValueExplorerAreas = lazy(() => import('../features/value-explorer/pages/AreasPage'));
const ValueExplorerEdit = lazy(() => import('../features/value-explorer/pages/EditAreaPage'));
const ValueExplorerSummary = lazy(() => import('../features/value-explorer/pages/SummaryPage'));
const JournalPage = lazy(() => import('../features/journal/pages/JournalPage'));
const InterviewWelcomePage = lazy(() => import('../features/interview/pages/InterviewWelcomePage'));
const InterviewPage = lazy(() => import('../features/interview/pages/InterviewPage'));
const YearCompassLanding = lazy(() => import('../features/year-compass/pages/YearCompassLandingPage'));
const YearCompassLayout = lazy(() => import('../features/year-compass/pages/YearCompassLayout'));
const YearCompassApp = lazy(() => import('../features/year-compass/pages/YearCompassAppPage'));
const YearCompassPrint = lazy(() => import('../features/year-compass/pages/YearCompassPrintPage'));
const ReflectPage = lazy(() => import('../features/reflect/pages/ReflectPage'));
const ReflectionPage = lazy(() => import('../features/reflect/pages/ReflectionPage'));

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
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
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** The page for the address, or the error screen when it fails to render or to load. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{page}</RouteErrorBoundary>;
}

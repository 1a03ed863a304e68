import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { PageFallback } from './page-fallback';
import { RouteGuard } from './route-guard';
import { StaffGate } from './staff-gate';

/** Every screen is its own chunk: /auth/sign-in loads only the entry and its page. */
// The signed-in frame too: the sign-in route never loads the header and its navigation.
const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));
const SignIn = lazy(() => import('../features/auth/components/sign-in-page'));
const SignUp = lazy(() => import('../features/auth/components/sign-up-page'));
const ResetPassword = lazy(() => import('../features/auth/components/reset-password-page'));
const EmailConfirm = lazy(() => import('../features/auth/components/email-confirm-page'));
const CreateNewPassword = lazy(
  () => import('../features/auth/components/create-new-password-page'),
);
const EmailVerification = lazy(() => import('../features/auth/components/email-verification-page'));
const CompleteRegistration = lazy(
  () => import('../features/auth/components/complete-registration-page'),
);
const StaffSetup = lazy(() => import('../features/auth/components/staff-setup-page'));
const Loading = lazy(() => import('../features/auth/components/loading-page'));
const Onboarding = lazy(() => import('../features/modules/components/onboarding-page'));
const Modules = lazy(() => import('../features/modules/components/modules-page'));
const Settings = lazy(() => import('../features/settings/components/settings-page'));
const Profile = lazy(() => import('../features/profile/components/profile-page'));
const About = lazy(() => import('../features/about/components/about-page'));
const NotFound = lazy(() => import('./not-found-page'));
// Study experience (issue 6).
const ModulePage = lazy(() => import('../features/catalogue/components/module-page'));
const Player = lazy(() => import('../features/player/components/player-page'));
const QuestionPage = lazy(() => import('../features/player/components/question-page'));
const ExamBuilder = lazy(() => import('../features/exam/components/exam-builder-page'));
const ExamRun = lazy(() => import('../features/exam/components/exam-page'));
const Sessions = lazy(() => import('../features/sessions/components/sessions-page'));
const History = lazy(() => import('../features/history/components/history-page'));
// The learner's own lists (issue 11).
const Notebook = lazy(() => import('../features/my-lists/components/notebook-page'));
const Playlists = lazy(() => import('../features/my-lists/components/playlists-page'));
const Playlist = lazy(() => import('../features/my-lists/components/playlist-page'));
const Favourites = lazy(() => import('../features/my-lists/components/favourites-page'));
const Hidden = lazy(() => import('../features/my-lists/components/hidden-page'));
const Reports = lazy(() => import('../features/my-lists/components/reports-page'));
const MyModules = lazy(() => import('../features/my-lists/components/my-modules-page'));
// Notifications and the back office (issue 12); staff screens only behind StaffGate.
const Notifications = lazy(() => import('../features/notifications/components/notifications-page'));
const StaffRoutes = lazy(() => import('./staff-routes'));
// Subscriptions (issue 11).
const Subscriptions = lazy(() => import('../features/subscriptions/components/subscriptions-page'));
const BuySubscription = lazy(() => import('../features/subscriptions/components/buy-page'));
// Review queue and mistakes shelf (issue 13).
const Review = lazy(() => import('../features/review/components/review-page'));
const ReviewRun = lazy(() => import('../features/review/components/review-run-page'));
const Mistakes = lazy(() => import('../features/review/components/mistakes-page'));
// Confidence calibration and misses (issue 13).
const Calibration = lazy(() => import('../features/calibration/components/calibration-page'));
// Past papers, replayed (issue 35).
const Papers = lazy(() => import('../features/papers/components/papers-page'));
const PaperSitting = lazy(() => import('../features/papers/components/paper-sitting-page'));
const PaperResult = lazy(() => import('../features/papers/components/paper-result-page'));
// Statistics and the dashboard (issue 13).
const Dashboard = lazy(() => import('../features/stats/components/dashboard-page'));
// The plan to the exam date (issue 35).
const Plan = lazy(() => import('../features/plan/components/plan-page'));
// Search the bank (issue 33).
const Search = lazy(() => import('../features/search/components/search-page'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageFallback />}>
      <Component />
    </Suspense>
  );
}

function Guarded() {
  return (
    <RouteGuard fallback={<PageFallback />}>
      <Outlet />
    </RouteGuard>
  );
}

/** Declarative routes: the data-router APIs are not needed, and leaving them out keeps the entry small. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Guarded />}>
        <Route path="/" element={<Navigate to="/modules" replace />} />
        <Route path="/auth">
          <Route index element={<Navigate to="/auth/sign-in" replace />} />
          <Route path="sign-in" element={page(SignIn)} />
          <Route path="sign-up" element={page(SignUp)} />
          <Route path="staff-setup" element={page(StaffSetup)} />
          <Route path="reset-password" element={page(ResetPassword)} />
          <Route path="email-confirm" element={page(EmailConfirm)} />
          <Route path="create-new-password" element={page(CreateNewPassword)} />
          <Route path="email-verification" element={page(EmailVerification)} />
          <Route path="complete-registration" element={page(CompleteRegistration)} />
          <Route path="onboarding" element={page(Onboarding)} />
          <Route path="loading" element={page(Loading)} />
        </Route>
        <Route element={page(AppLayout)}>
          <Route path="/modules" element={page(Modules)} />
          <Route path="/settings" element={page(Settings)} />
          <Route path="/profile" element={page(Profile)} />
          <Route path="/about" element={page(About)} />
          <Route path="/modules/:moduleId" element={page(ModulePage)} />
          <Route path="/courses/:courseId/study" element={page(Player)} />
          <Route path="/questions/:questionId" element={page(QuestionPage)} />
          <Route path="/exam" element={page(ExamBuilder)} />
          <Route path="/exam/run" element={page(ExamRun)} />
          <Route path="/papers" element={page(Papers)} />
          <Route path="/papers/attempts/:attemptId" element={page(PaperSitting)} />
          <Route path="/papers/attempts/:attemptId/result" element={page(PaperResult)} />
          <Route path="/sessions" element={page(Sessions)} />
          <Route path="/history" element={page(History)} />
          <Route path="/notes" element={page(Notebook)} />
          <Route path="/playlists" element={page(Playlists)} />
          <Route path="/playlists/:playlistId" element={page(Playlist)} />
          <Route path="/favourites" element={page(Favourites)} />
          <Route path="/hidden" element={page(Hidden)} />
          <Route path="/reports" element={page(Reports)} />
          <Route path="/my-modules" element={page(MyModules)} />
          <Route path="/notifications" element={page(Notifications)} />
          <Route path="/admin/*" element={<Navigate to="/staff" replace />} />
          <Route
            path="/staff/*"
            element={<StaffGate notFound={page(NotFound)}>{page(StaffRoutes)}</StaffGate>}
          />
          <Route path="/subscriptions" element={page(Subscriptions)} />
          <Route path="/subscriptions/buy/:planId" element={page(BuySubscription)} />
          <Route path="/review" element={page(Review)} />
          <Route path="/review/run" element={page(ReviewRun)} />
          <Route path="/mistakes" element={page(Mistakes)} />
          <Route path="/history/calibration" element={page(Calibration)} />
          <Route path="/dashboard" element={page(Dashboard)} />
          <Route path="/plan" element={page(Plan)} />
          <Route path="/search" element={page(Search)} />
          <Route path="*" element={page(NotFound)} />
        </Route>
      </Route>
    </Routes>
  );
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageFallback } from './page-fallback';

/**
 * The back office's route table, its own chunk: the entry knows one lazy import for all of
 * /staff/*, so adding a staff screen here never grows the sign-in route. Each screen is lazy too.
 */
const StaffLayout = lazy(() => import('../features/staff/components/staff-layout'));
const Purchases = lazy(() => import('../features/staff/components/purchases-page'));
const Plans = lazy(() => import('../features/staff/components/plans-page'));
const Reports = lazy(() => import('../features/staff/components/reports-page'));
const Comments = lazy(() => import('../features/staff/components/comments-page'));
const Users = lazy(() => import('../features/staff/components/users-page'));
const User = lazy(() => import('../features/staff/components/user-page'));
const Audit = lazy(() => import('../features/staff/components/audit-page'));
const Backups = lazy(() => import('../features/staff/components/backups-page'));
// Content (question bank, editor, catalogue, imports).
const Bank = lazy(() => import('../features/staff-content/components/bank-page'));
const Question = lazy(() => import('../features/staff-content/components/question-editor-page'));
const Catalogue = lazy(() => import('../features/staff-content/components/catalogue-page'));
const Imports = lazy(() => import('../features/staff-content/components/imports-page'));
const Cases = lazy(() => import('../features/staff-content/components/cases-page'));
const Case = lazy(() => import('../features/staff-content/components/case-builder-page'));
const MockExams = lazy(() => import('../features/papers/components/staff-mock-exams-page'));
const NotFound = lazy(() => import('./not-found-page'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageFallback />}>
      <Component />
    </Suspense>
  );
}

export default function StaffRoutes() {
  return (
    <Routes>
      <Route element={page(StaffLayout)}>
        <Route index element={<Navigate to="/staff/purchases" replace />} />
        <Route path="purchases" element={page(Purchases)} />
        <Route path="plans" element={page(Plans)} />
        <Route path="reports" element={page(Reports)} />
        <Route path="comments" element={page(Comments)} />
        <Route path="users" element={page(Users)} />
        <Route path="users/:userId" element={page(User)} />
        <Route path="audit" element={page(Audit)} />
        <Route path="backups" element={page(Backups)} />
        <Route path="questions" element={page(Bank)} />
        <Route path="questions/:questionId" element={page(Question)} />
        <Route path="catalogue" element={page(Catalogue)} />
        <Route path="imports" element={page(Imports)} />
        <Route path="cases" element={page(Cases)} />
        <Route path="cases/:caseId" element={page(Case)} />
        <Route path="mock-exams" element={page(MockExams)} />
        <Route path="*" element={page(NotFound)} />
      </Route>
    </Routes>
  );
}

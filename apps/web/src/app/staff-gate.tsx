import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { PageFallback } from './page-fallback';

/**
 * The door of the back office, in the entry chunk on purpose: a learner gets the not-found page
 * and never downloads a staff screen. The server checks is_staff again on every staff call.
 */
export function StaffGate({ children, notFound }: { children: ReactNode; notFound: ReactNode }) {
  const profile = useCurrentUser();
  if (profile.isPending) return <PageFallback />;
  return profile.data?.is_staff ? children : notFound;
}

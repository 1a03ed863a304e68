/**
 * The back office's API paths (decision 043): apart from lib/api-paths.ts so that the sign-in
 * route's bundle holds no staff route (e2e backoffice.spec checks it). Imported by staff features
 * only.
 */
export const staffPaths = {
  audit: 'staff/audit/',
  backups: 'staff/backups/',
  cases: 'staff/cases/',
  comments: 'staff/comments/',
  imports: 'staff/imports/',
  plans: 'staff/plans/',
  purchases: 'staff/purchases/',
  questions: 'staff/questions/',
  reports: 'staff/reports/',
  duplicateSettings: 'staff/settings/duplicates/',
  users: 'staff/users/',
} as const;

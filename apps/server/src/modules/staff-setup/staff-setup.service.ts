import { timingSafeEqual } from 'node:crypto';
import type { StaffSetupRequest, StaffSetupState } from '@qbank/contract';
import type { App } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { assertRegistrable } from '../auth/auth.service';
import { createStaffUser, hasStaff } from '../staff/staff.repository';

type Deps = Pick<App, 'db' | 'signer' | 'config'>;

/**
 * The first staff account while the app runs on the embedded database, which no command can open
 * then (issue 34): a link printed at start while no staff account exists. Its token is derived
 * from the app's secret, so every instance accepts the same link and nothing is stored; it stops
 * working once a staff account exists.
 */
const PURPOSE = 'staff-setup';

export const setupToken = (deps: Pick<App, 'signer'>) => deps.signer.derive(PURPOSE);

/** The page the link opens; the token travels in the fragment, kept out of logs and referrers. */
export const setupLink = (publicUrl: string, token: string) =>
  `${publicUrl}/auth/staff-setup#${token}`;

function tokenMatches(deps: Deps, given: string): boolean {
  const wanted = Buffer.from(setupToken(deps));
  const candidate = Buffer.from(given);
  return candidate.length === wanted.length && timingSafeEqual(candidate, wanted);
}

/** Whether the link still works: right token, no staff account yet. */
export async function setupState(deps: Deps, token: string): Promise<StaffSetupState> {
  return { open: tokenMatches(deps, token) && !(await hasStaff(deps.db)) };
}

/** Creates the first staff account (confirmed); a wrong token or a used link answers 404. */
export async function setUpFirstStaff(deps: Deps, input: StaffSetupRequest): Promise<void> {
  if (!(await setupState(deps, input.token)).open) throw notFound();
  await assertRegistrable(deps.db, input);
  await createStaffUser(deps.db, input.email, input.password1, {
    firstName: input.first_name ?? '',
    lastName: input.last_name ?? '',
  });
}

/** Said at start while no staff account exists: where to make the first one. */
export async function announceStaffSetup(app: App): Promise<void> {
  if (await hasStaff(app.db)) return;
  const link = setupLink(app.config.publicUrl, setupToken(app));
  app.log.info('No staff account yet: the setup link was printed on the console.');
  console.log(`\n  No staff account yet. Create the first one here (works once):\n  ${link}\n`);
}

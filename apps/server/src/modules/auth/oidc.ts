import { AUTH_MESSAGES } from '@qbank/contract/constants';
import { z } from 'zod';
import { badRequest, detailError, nonFieldError } from '../../lib/errors';

/** What we read from the provider's OpenID Connect userinfo answer. */
const userinfoSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  // Google answers a boolean; some providers send the string "true".
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/** The token-information answer (Google's tokeninfo): to whom the token was issued. */
const tokeninfoSchema = z.object({
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  azp: z.string().optional(),
});

export interface ProviderIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export interface ProviderEndpoints {
  /** Our OAuth client id; without one no provider token can be trusted. */
  clientId: string | undefined;
  tokeninfoUrl: string;
  userinfoUrl: string;
}

export const INVALID_ACCESS_TOKEN = 'Invalid or expired access token.';
export const UNVERIFIED_EMAIL = 'The identity provider has not verified this e-mail address.';
const UNREACHABLE = 'The identity provider could not be reached. Try again later.';
const TIMEOUT_MS = 10_000;

/** GET with the provider's answer as JSON; a refusal is 400 on the token, an outage 502. */
async function askProvider(url: URL, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw detailError(502, UNREACHABLE);
  }
  if (response.status === 401 || response.status === 403 || response.status === 400) {
    throw badRequest('access_token', INVALID_ACCESS_TOKEN);
  }
  if (!response.ok) throw detailError(502, UNREACHABLE);
  return response.json().catch(() => undefined);
}

/**
 * An access token proves who its holder is only to the application it was issued to: any other
 * site where the learner signed in with the same provider holds one too. So the token-information
 * endpoint must name our client id as its audience (`aud`) or authorized party (`azp`).
 */
async function assertIssuedToUs(endpoints: ProviderEndpoints, accessToken: string): Promise<void> {
  if (!endpoints.clientId) throw nonFieldError(AUTH_MESSAGES.loginFailed);
  const url = new URL(endpoints.tokeninfoUrl);
  url.searchParams.set('access_token', accessToken);
  const info = tokeninfoSchema.safeParse(await askProvider(url));
  const audiences = info.success ? [info.data.aud ?? [], info.data.azp ?? []].flat() : [];
  if (!audiences.includes(endpoints.clientId)) throw nonFieldError(AUTH_MESSAGES.loginFailed);
}

/**
 * Checks the access token was issued to our client id, then asks the provider's userinfo endpoint
 * who it belongs to (PRODUCT.md §2), accepting only a verified e-mail. The token is never logged.
 */
export async function fetchProviderIdentity(
  endpoints: ProviderEndpoints,
  accessToken: string,
): Promise<ProviderIdentity> {
  await assertIssuedToUs(endpoints, accessToken);
  const answer = await askProvider(new URL(endpoints.userinfoUrl), {
    authorization: `Bearer ${accessToken}`,
  });
  const result = userinfoSchema.safeParse(answer);
  if (!result.success) throw badRequest('access_token', UNVERIFIED_EMAIL);
  const parsed = result.data;
  if (parsed.email_verified !== true && parsed.email_verified !== 'true') {
    throw badRequest('access_token', UNVERIFIED_EMAIL);
  }
  return {
    email: parsed.email,
    firstName: (parsed.given_name ?? '').slice(0, 150),
    lastName: (parsed.family_name ?? '').slice(0, 150),
  };
}

import { z } from 'zod';
import { ApiError, badRequest, detailError } from '../../lib/errors';

/** What we read from the provider's OpenID Connect userinfo answer. */
const userinfoSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  // Google answers a boolean; some providers send the string "true".
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

export interface ProviderIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export const INVALID_ACCESS_TOKEN = 'Invalid or expired access token.';
export const UNVERIFIED_EMAIL = 'The identity provider has not verified this e-mail address.';
const UNREACHABLE = 'The identity provider could not be reached. Try again later.';
const TIMEOUT_MS = 10_000;

/**
 * Asks the provider's userinfo endpoint who the access token belongs to (PRODUCT.md §2) and
 * accepts only a verified e-mail. The token itself is never logged.
 */
export async function fetchProviderIdentity(
  userinfoUrl: string,
  accessToken: string,
): Promise<ProviderIdentity> {
  let response: Response;
  try {
    response = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw detailError(502, UNREACHABLE);
  }
  if (response.status === 401 || response.status === 403 || response.status === 400) {
    throw badRequest('access_token', INVALID_ACCESS_TOKEN);
  }
  if (!response.ok) throw detailError(502, UNREACHABLE);
  let parsed: z.infer<typeof userinfoSchema>;
  try {
    const result = userinfoSchema.safeParse(await response.json());
    if (!result.success) throw new Error('unexpected userinfo');
    parsed = result.data;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest('access_token', UNVERIFIED_EMAIL);
  }
  if (parsed.email_verified !== true && parsed.email_verified !== 'true') {
    throw badRequest('access_token', UNVERIFIED_EMAIL);
  }
  return {
    email: parsed.email,
    firstName: (parsed.given_name ?? '').slice(0, 150),
    lastName: (parsed.family_name ?? '').slice(0, 150),
  };
}

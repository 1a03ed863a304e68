import type { UserDetail } from '@qbank/contract';
import type { User } from '../../lib/auth';
import { mediaUrl } from '../../lib/storage';

/** The profile as the client stores it (seed §3 "User session"), with the caller's token. */
export function toUserDetail(user: User, token: string | null): UserDetail {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    image: mediaUrl(user.image),
    date_of_birth: user.dateOfBirth ?? null,
    is_active: user.isActive,
    is_confirmed: user.isConfirmed,
    is_staff: user.isStaff,
    date_joined: user.dateJoined.toISOString(),
    token,
  };
}

/** The key of `Authorization: Token <key>` (already checked by the auth plugin). */
export function requestToken(authorization: string | undefined): string | null {
  const match = authorization ? /^token\s+(\S+)\s*$/i.exec(authorization) : null;
  return match ? match[1]! : null;
}

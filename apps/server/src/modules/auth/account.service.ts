import { drfMessages, userUpdateSchema, type UserDetail } from '@qbank/contract';
import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { badRequest, nonFieldError } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { firstValues, readForm, type UploadedFile } from '../../lib/multipart';
import { parseOrThrow } from '../../lib/validation';
import { deleteUser, updateUser, userFileKeys, type UserChanges } from './auth.repository';
import { forgetLearner } from '../answers/index';
import { toUserDetail } from './user-detail';

/** The fields and image file of a PATCH, JSON or multipart; null and empty values left out (seed §5). */
type ProfileForm = { fields: Record<string, unknown>; image?: UploadedFile };

export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (request.isMultipart()) {
    const form = await readForm(request);
    // A file where a text field is expected, or text where the image is (issue 17).
    const stray = form.files.find((f) => f.field !== 'image');
    if (stray) throw badRequest(stray.field, 'Not a valid string.');
    if (form.fields.image?.some((v) => v !== '')) throw badRequest('image', drfMessages.notAFile);
    const { image: _empty, ...text } = firstValues(form.fields);
    const fields = Object.fromEntries(Object.entries(text).filter(([, v]) => v !== ''));
    return { fields, image: form.files.find((f) => f.field === 'image') };
  }
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw nonFieldError(drfMessages.invalidData(body));
  // An image can only be a file: one inside JSON is refused, not silently dropped (issue 32).
  const { image } = body as Record<string, unknown>;
  if (image !== undefined && image !== null && image !== '') {
    throw badRequest('image', drfMessages.notAFile);
  }
  const fields = Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== null && v !== ''),
  );
  return { fields };
}

/**
 * Updates first_name, last_name, phone, date_of_birth and the image; e-mail and flags are
 * read-only (ignored, as DRF does). A new image replaces the old one, whose file is deleted.
 */
export async function updateProfile(
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  user: User,
  { fields, image }: ProfileForm,
): Promise<User> {
  const input = parseOrThrow(userUpdateSchema, fields);
  const changes: UserChanges = {};
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.date_of_birth !== undefined) changes.dateOfBirth = input.date_of_birth;
  if (image && image.data.length > 0)
    changes.image = await storeImage(deps.storage, 'profiles', 'image', image.data);
  if (!Object.keys(changes).length) return user;
  let updated: User;
  try {
    updated = await updateUser(deps.db, user.id, changes);
  } catch (err) {
    if (changes.image) await deps.storage.delete(changes.image);
    throw err;
  }
  if (changes.image && user.image) await deps.storage.delete(user.image);
  return updated;
}

export const profile = (user: User, token: string | null): UserDetail => toUserDetail(user, token);

/** Deletes the account with every personal row (cascade), then its files from storage. */
export async function deleteAccount(
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  user: User,
): Promise<void> {
  const keys = await userFileKeys(deps.db, user.id);
  // Their answers leave the peer figures they fed (decision 049).
  await deleteUser(deps.db, user.id, (tx) => forgetLearner(tx, user.id));
  for (const key of keys) await deps.storage.delete(key);
}

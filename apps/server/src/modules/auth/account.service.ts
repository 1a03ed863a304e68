import { drfMessages, userUpdateSchema, type UserDetail } from '@qbank/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../lib/auth';
import { badRequest, nonFieldError } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { firstValues, readForm, type UploadedFile } from '../../lib/multipart';
import { parseOrThrow } from '../../lib/validation';
import { deleteUser, updateUser, userFileKeys, type UserChanges } from './auth.repository';
import { toUserDetail } from './user-detail';

/** The fields and image file of a PATCH, JSON or multipart; null and empty values left out (seed §5). */
async function readProfileForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image?: UploadedFile }> {
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
  app: FastifyInstance,
  user: User,
  request: FastifyRequest,
): Promise<User> {
  const { fields, image } = await readProfileForm(request);
  const input = parseOrThrow(userUpdateSchema, fields);
  const changes: UserChanges = {};
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.date_of_birth !== undefined) changes.dateOfBirth = input.date_of_birth;
  if (image && image.data.length > 0)
    changes.image = await storeImage(app.storage, 'profiles', 'image', image.data);
  if (!Object.keys(changes).length) return user;
  let updated: User;
  try {
    updated = await updateUser(app.db, user.id, changes);
  } catch (err) {
    if (changes.image) await app.storage.delete(changes.image);
    throw err;
  }
  if (changes.image && user.image) await app.storage.delete(user.image);
  return updated;
}

export const profile = (user: User, token: string | null): UserDetail => toUserDetail(user, token);

/** Deletes the account with every personal row (cascade), then its files from storage. */
export async function deleteAccount(app: FastifyInstance, user: User): Promise<void> {
  const keys = await userFileKeys(app.db, user.id);
  await deleteUser(app.db, user.id);
  for (const key of keys) await app.storage.delete(key);
}

import { z } from 'zod';

/**
 * Accounts and authentication (seed §7 "Auth and account", PRODUCT.md §2). Messages follow
 * Django REST framework's, since the web client maps them to translation keys.
 */

export const REQUIRED_MESSAGE = 'This field is required.';
export const BLANK_MESSAGE = 'This field may not be blank.';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address.';
export const NOT_A_DICT_MESSAGE = 'Invalid data. Expected a dictionary.';

/** A required string field with DRF's messages for a missing, mistyped or blank value. */
const text = (max?: number) => {
  let schema = z
    .string({
      error: (iss) => (iss.input === undefined ? REQUIRED_MESSAGE : 'Not a valid string.'),
    })
    .min(1, BLANK_MESSAGE);
  if (max) schema = schema.max(max, `Ensure this field has no more than ${max} characters.`);
  return schema;
};

/** A password field: kept as typed (no trimming), at most 128 characters. */
const passwordText = () => text(128);

const emailField = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED_MESSAGE : 'Not a valid string.') })
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(254, 'Ensure this field has no more than 254 characters.')
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));

/** Six digits, as typed by the user (surrounding spaces tolerated). */
const codeField = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED_MESSAGE : 'Not a valid string.') })
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(32, 'Ensure this field has no more than 32 characters.');

const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: NOT_A_DICT_MESSAGE });

export const loginRequestSchema = body({ email: emailField, password: passwordText() });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const nameField = () =>
  z.string().trim().max(150, 'Ensure this field has no more than 150 characters.');
const phoneField = () =>
  z
    .string()
    .trim()
    .max(32, 'Ensure this field has no more than 32 characters.')
    .regex(/^\+?[0-9 ().-]*$/, 'Enter a valid phone number.');

export const registrationRequestSchema = body({
  email: emailField,
  password1: passwordText(),
  password2: passwordText(),
  first_name: nameField().optional(),
  last_name: nameField().optional(),
  phone: phoneField().optional(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** The first staff account, made through the one-time link the running app prints. */
export const staffSetupRequestSchema = registrationRequestSchema
  .omit({ phone: true })
  .extend({ token: text(200) });
export type StaffSetupRequest = z.infer<typeof staffSetupRequestSchema>;
export const staffSetupQuerySchema = z.object({ token: z.string().max(200).default('') });
export const staffSetupStateSchema = z.object({ open: z.boolean() });
export type StaffSetupState = z.infer<typeof staffSetupStateSchema>;

export const accessTokenRequestSchema = body({ access_token: text(4096) });
export type AccessTokenRequest = z.infer<typeof accessTokenRequestSchema>;

export const emailRequestSchema = body({ email: emailField });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const codeRequestSchema = body({ code: codeField });
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** `email` is optional: it scopes the lookup of the reset code to one account. */
export const resetCodeRequestSchema = body({ code: codeField, email: emailField.optional() });
export type ResetCodeRequest = z.infer<typeof resetCodeRequestSchema>;

export const resetConfirmRequestSchema = body({
  code: codeField,
  email: emailField.optional(),
  new_password1: passwordText(),
  new_password2: passwordText(),
});
export type ResetConfirmRequest = z.infer<typeof resetConfirmRequestSchema>;

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * PATCH /api/auth/user/ fields (multipart or JSON; the image is a file part). Empty values are
 * left out before parsing (seed §5), so every field here is optional.
 */
export const userUpdateSchema = z.object({
  first_name: nameField().optional(),
  last_name: nameField().optional(),
  phone: phoneField().optional(),
  date_of_birth: z
    .string()
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}$/,
      'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    )
    .refine(isRealDate, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.')
    .refine(
      (value) => value <= new Date().toISOString().slice(0, 10),
      'The date of birth cannot be in the future.',
    )
    .optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * The PATCH body as sent (documents the route): JSON, or multipart with `image` as a file part.
 * Null and empty values are accepted and left out; `userUpdateSchema` then checks the rest.
 */
export const userUpdateRequestSchema = z
  .object(
    {
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      phone: z.string().nullish(),
      date_of_birth: z.string().nullish().describe('YYYY-MM-DD'),
      image: z.unknown().optional().meta({
        type: 'string',
        format: 'binary',
        description: 'Image file (multipart only): JPEG, PNG or WebP, at most 5 MB',
      }),
    },
    { error: NOT_A_DICT_MESSAGE },
  )
  .nullish();

export const userDetailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  /** Absolute path under /media/, or null. */
  image: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  date_of_birth: z.string().nullable(),
  is_active: z.boolean(),
  is_confirmed: z.boolean(),
  is_staff: z.boolean(),
  date_joined: z.string(),
  /** The caller's token key. */
  token: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Login, registration and provider sign-in/sign-up answers. */
export const authResponseSchema = z.object({ key: z.string(), user: userDetailSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const authConfigSchema = z.object({ google_client_id: z.string().nullable() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Simple successes: `{"detail": "<sentence>"}`. */
export const detailMessageSchema = z.object({ detail: z.string() });

/**
 * A 400 answer: field errors, or `{"detail": …}` for a body that could not be parsed at all
 * (malformed JSON).
 */
export const badRequestBodySchema = z.union([
  z.object({ detail: z.string() }),
  z.record(z.string(), z.array(z.string())),
]);

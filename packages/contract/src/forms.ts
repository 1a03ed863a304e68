/**
 * Client-side form schemas of the web app, written with `zod/mini` to keep the sign-in bundle small
 * (PERFORMANCE.md). They mirror the server's rules for the same fields (Django's validators,
 * PRODUCT.md §2): e-mail format, password at least 8 characters and not entirely numeric, the two
 * passwords equal. The server stays the authority (common passwords, similarity): its 400 answers are
 * mapped to the error catalogue. Messages are translation keys of the web app's `common` namespace.
 */
import * as z from 'zod/mini';

const required = (key: string) => z.string().check(z.trim(), z.minLength(1, key));

export const emailField = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.email('validation.email-invalid'));

export const passwordField = z.string().check(
  z.minLength(8, 'validation.password-too-short'),
  z.refine((value) => !/^\d+$/.test(value), 'validation.password-numeric'),
);

/** The server's phone rule (auth.ts `userUpdateSchema`): digits, spaces, + ( ) . - and at most 32. */
const phoneField = z
  .string()
  .check(
    z.trim(),
    z.maxLength(32, 'validation.phone-invalid'),
    z.regex(/^\+?[0-9 ().-]*$/, 'validation.phone-invalid'),
  );
const nameField = z.string().check(z.trim(), z.maxLength(150, 'validation.too-long'));
const requiredName = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(150, 'validation.too-long'));

const codeField = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'validation.code-invalid'));

export const signInFormSchema = z.object({
  email: emailField,
  password: required('validation.required'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const signUpFormSchema = z
  .object({
    first_name: requiredName,
    last_name: requiredName,
    email: emailField,
    phone: phoneField,
    password1: passwordField,
    password2: z.string(),
  })
  .check(
    z.refine((form) => form.password1 === form.password2, {
      message: 'validation.passwords-mismatch',
      path: ['password2'],
    }),
  );
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const resetRequestFormSchema = z.object({ email: emailField });
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;

export const resetCodeFormSchema = z.object({ code: codeField });
export type ResetCodeForm = z.infer<typeof resetCodeFormSchema>;

export const newPasswordFormSchema = z
  .object({
    code: codeField,
    new_password1: passwordField,
    new_password2: z.string(),
  })
  .check(
    z.refine((form) => form.new_password1 === form.new_password2, {
      message: 'validation.passwords-mismatch',
      path: ['new_password2'],
    }),
  );
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const verificationCodeFormSchema = z.object({ code: codeField });
export type VerificationCodeForm = z.infer<typeof verificationCodeFormSchema>;

export const completeRegistrationFormSchema = z.object({
  first_name: requiredName,
  last_name: requiredName,
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'validation.required'),
      z.maxLength(32, 'validation.phone-invalid'),
      z.regex(/^\+?[0-9 ().-]*$/, 'validation.phone-invalid'),
    ),
});
export type CompleteRegistrationForm = z.infer<typeof completeRegistrationFormSchema>;

export const profileFormSchema = z.object({
  first_name: nameField,
  last_name: nameField,
  phone: phoneField,
  date_of_birth: z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'validation.date-invalid')),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** Buying a plan (the receipt image is checked beside the form): the server's 200-character rule. */
export const purchaseFormSchema = z.object({
  payment_reference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'validation.required'),
      z.maxLength(200, 'validation.too-long'),
    ),
});
export type PurchaseForm = z.infer<typeof purchaseFormSchema>;

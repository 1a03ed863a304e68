import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as z from 'zod/mini';

/** The one form wrapper: a contract schema validates the form, errors are translation keys. */
export function useZodForm<T extends FieldValues>(
  schema: z.ZodMiniType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { releaseHeldSubmit } from '../../lib/held-submit';

type Schema<T> = z.ZodMiniType<T, T>;
/** A contract schema, or a loader of one (keeps zod out of a route until the form validates). */
export type SchemaSource<T> = Schema<T> | (() => Promise<Schema<T>>);

/**
 * A resolver that loads the zod resolver (and the schema, when given a loader) on the first
 * validation: the sign-in route renders without zod in its JavaScript (decision 042).
 */
function lazyZodResolver<T extends FieldValues>(source: SchemaSource<T>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([
      import('@hookform/resolvers/zod'),
      typeof source === 'function' ? source() : source,
    ]).then(([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<T>);
    return (await loaded)(values, context, options);
  };
}

/** The one form wrapper: a contract schema validates the form, errors are translation keys. */
export function useZodForm<T extends FieldValues>(
  source: SchemaSource<T>,
  defaultValues: DefaultValues<T>,
) {
  const [resolver] = useState(() => lazyZodResolver(source));
  // The form's handler is attached once this runs: a submit held before the app ran goes now.
  useEffect(releaseHeldSubmit, []);
  return useForm<T>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

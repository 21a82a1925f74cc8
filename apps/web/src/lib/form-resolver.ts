import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver for a contract schema that loads zod and the schema on first use.
 * zod is a large share of the login screen's JavaScript and is not needed to show the form, only to
 * check it, so it stays out of the first load (see scripts/check-budget.mjs).
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<unknown>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const load = () => {
    ready ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as Parameters<typeof zodResolver>[0]) as unknown as Resolver<T>,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  return async (values, context, options) => (await load())(values, context, options);
}

/** Starts fetching the validation code early (e.g. when a form gets focus), so the first submit does not wait. */
export function preloadValidation(): void {
  void import('@hookform/resolvers/zod').catch(() => undefined);
  void import('./schemas').catch(() => undefined);
}

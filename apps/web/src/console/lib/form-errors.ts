import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { useFieldError } from '@/lib/hooks/use-field-error';

/** Conflicts the server answers without a field, and the field each is about. */
const CONFLICT_FIELDS: Record<string, string> = {
  EmailTaken: 'email',
  UsernameTaken: 'username',
  GroupNameTaken: 'name',
};

/**
 * Puts a refused save's message beside the field it is about (the server's own words, already in the
 * user's language) and answers true; false when it is about no field of this form.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = error.field ?? CONFLICT_FIELDS[error.code];
  if (!field || !fields.includes(field)) return false;
  setError(field as Path<T>, { type: 'server', message: error.reason ?? error.message }, { shouldFocus: true });
  return true;
}

/** A field's error text: the contract's message keys translated, the server's words as they came. */
export function useFormError() {
  const fieldError = useFieldError();
  return (error: FieldError | undefined) => (error?.type === 'server' ? error.message : fieldError(error));
}

import type { TFunction } from '@/lib/i18n';
import { ApiError } from './api-client';

/** The user-facing text for a failed call, chosen by error code (DESIGN.md: translate by code, not by message). */
export function errorText(t: TFunction, error: unknown): string {
  const fallback = t('errors.SomethingWentWrong', { ns: 'common' });
  if (!(error instanceof ApiError)) return fallback;
  // A refused field's reason alone: the field is named by where the text is shown, not by its code.
  if (error.reason) return error.reason;
  return t(`errors.${error.code}`, {
    ns: 'common',
    defaultValue: fallback,
    field: error.field ?? '',
    reason: '',
    minutes: error.minutes,
  });
}

/** Where the spec says "the server response's message text is shown": the server already speaks the user's language. */
export function serverMessage(t: TFunction, error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : t('errors.SomethingWentWrong', { ns: 'common' });
}

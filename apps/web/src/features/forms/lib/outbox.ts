import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { outboxStorageKey } from '@/lib/browser/storage-keys';
import { readStored, writeStored } from '@/lib/browser/stored-value';
import { queryKeys } from '@/lib/query-keys';
import { submitAnswers } from '../api/submit-answers';
import { type FormEndState, parseEndState } from './form-result';

/** A submission that never reached the server: nothing answered, not even an error of its own. */
export const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

function kept(userId: number): FormEndState[] {
  const stored = readStored(outboxStorageKey(userId));
  return Array.isArray(stored) ? stored.flatMap((entry) => parseEndState(entry) ?? []) : [];
}

/** Keeps a poll's or inquiry's answers given offline, to be sent when the connection returns. */
export function keepForLater(userId: number, entry: FormEndState) {
  const others = kept(userId).filter((other) => other.submissionKey !== entry.submissionKey);
  writeStored(outboxStorageKey(userId), [...others, entry]);
}

let sending: Promise<void> | undefined;

/**
 * Sends what was kept, one submission at a time, each under its run's key: whatever the server
 * answers (stored, or refused because the item was answered meanwhile) takes it out of the outbox,
 * so it is sent once; only a lost connection keeps it for the next time. One round at a time.
 */
export function sendKept(userId: number, queryClient: QueryClient): Promise<void> {
  sending ??= (async () => {
    let sent = false;
    for (const entry of kept(userId)) {
      try {
        await submitAnswers(entry.contentId, entry.answers, entry.submissionKey);
      } catch (error) {
        if (isOffline(error)) break;
      }
      sent = true;
      const rest = kept(userId).filter((other) => other.submissionKey !== entry.submissionKey);
      writeStored(outboxStorageKey(userId), rest);
    }
    if (sent) await queryClient.invalidateQueries({ queryKey: queryKeys.content.all });
  })().finally(() => {
    sending = undefined;
  });
  return sending;
}

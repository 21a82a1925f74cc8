import { api, type Language, type NotificationSettings } from '@kanal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** New notices show in the bell within a minute, and at once when the tab comes back into focus. */
const BELL_REFRESH_MS = 60_000;

/** `enabled`: off while the first screen loads, unless the bell is opened (useFirstScreenSettled). */
export const useBell = (limit: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.notifications.bell(limit),
    queryFn: ({ signal }) => call(api.bell, { query: { limit }, signal }),
    enabled,
    refetchInterval: BELL_REFRESH_MS,
    // Showing more keeps the notices already shown on screen while the longer page loads.
    placeholderData: keepPreviousData,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.markNoticeRead, { params: { id: String(id) } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export const useNotificationSettings = () =>
  useQuery({
    queryKey: queryKeys.notifications.settings,
    queryFn: ({ signal }) => call(api.notificationSettings, { signal }),
  });

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => call(api.saveNotificationSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notifications.settings, saved),
  });
}

/** The language the person's notices and e-mails speak follows the one they switch the app to. */
export const saveLanguage = (language: Language) => call(api.setMyLanguage, { body: { language } });

/** An e-mail's unsubscribe link, confirmed: answers which kind of notice no longer comes by e-mail. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => call(api.unsubscribe, { body: { token } }),
  });

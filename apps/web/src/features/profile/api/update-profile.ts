import { api, type EmailBody, type Me, type ProfileDetailsForm } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every change of one's own profile answers with Me: the top bar and the panel show it at once. */
function useMeMutation<T>(mutationFn: (value: T) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (me) => queryClient.setQueryData(queryKeys.me(me.id), me) });
}

/** The name and the phone, each sent only when it changed (two calls: the API has one per field). */
export const useUpdateDetails = (me: Me) =>
  useMeMutation(async ({ name, phone }: ProfileDetailsForm) => {
    let updated = me;
    if (name !== me.name) updated = await call(api.setMyName, { body: { name } });
    if (phone !== (me.phone ?? '')) updated = await call(api.setMyPhone, { body: { phone: phone || null } });
    return updated;
  });

/** Asks for a new address: the server mails it a link, and the address changes once that is opened. */
export const useRequestEmailChange = () => useMeMutation((body: EmailBody) => call(api.requestEmailChange, { body }));

export const useUploadAvatar = (me: Me) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return call(api.uploadMyAvatar, { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me(me.id) }),
  });
};

/** Opening the link mailed to a new address (no session needed). */
export const useConfirmEmail = () =>
  useMutation({
    mutationFn: (token: string) => call(api.confirmEmail, { params: { token } }),
  });

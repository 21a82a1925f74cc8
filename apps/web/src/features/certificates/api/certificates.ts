import { api, type CertificateChangeBody, CONTENT_PAGE_SIZE } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Who passed an item that gives certificates, with their certificates, by name, a page at a time. */
export function useCertificates(contentId: number, page: number) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.certificates(scope.tenantId, contentId, page),
    queryFn: ({ signal }) =>
      call(api.listCertificates, {
        params: { id: String(contentId) },
        query: { limit: CONTENT_PAGE_SIZE, offset: page * CONTENT_PAGE_SIZE, ...inScope(scope) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A person's certificate withdrawn with a reason, or standing again. */
export function useChangeCertificate(contentId: number) {
  const scope = useConsole();
  return useConsoleMutation(({ userId, body }: { userId: number; body: CertificateChangeBody }) =>
    call(api.changeCertificate, {
      params: { id: String(contentId), userId: String(userId) },
      query: inScope(scope),
      body,
    }),
  );
}

import { api, BANK_PAGE_SIZE, type BankQuestionBody } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type BankFilters = { q: string; category: string; page: number; limit?: number };

/** A page of the organisation's question bank, by words of its questions and by category. */
export function useBankPage({ q, category, page, limit = BANK_PAGE_SIZE }: BankFilters, enabled = true) {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.bank(scope.tenantId, { q, category, page, limit }),
    queryFn: ({ signal }) =>
      call(api.listBankQuestions, {
        query: {
          limit,
          offset: page * limit,
          ...(q ? { q } : {}),
          ...(category ? { category } : {}),
          ...inScope(scope),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The bank's categories, by name, with how many questions each holds. */
export function useBankCategories() {
  const scope = useConsole();
  return useQuery({
    queryKey: queryKeys.admin.bankCategories(scope.tenantId),
    queryFn: ({ signal }) => call(api.listBankCategories, { query: inScope(scope), signal }),
  });
}

/** Saves a question to the bank: a new one, or one of the bank's (`id`) rewritten. */
export function useSaveBankQuestion() {
  const scope = useConsole();
  return useConsoleMutation(({ id, body }: { id?: number; body: BankQuestionBody }) =>
    id === undefined
      ? call(api.createBankQuestion, { query: inScope(scope), body })
      : call(api.updateBankQuestion, { params: { id: String(id) }, query: inScope(scope), body }),
  );
}

export function useDeleteBankQuestion() {
  const scope = useConsole();
  return useConsoleMutation((id: number) =>
    call(api.deleteBankQuestion, { params: { id: String(id) }, query: inScope(scope) }),
  );
}

import { CONTENT_PAGE_SIZE, type Promotion, type PromotionList, type UpdatePromotionBody } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The provider's PROMOTION items, newest first, with the organisations each is sent to (SUPERADMIN). */
export const usePromotions = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.promotions(page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(CONTENT_PAGE_SIZE), offset: String(page * CONTENT_PAGE_SIZE) });
      return apiRequest<PromotionList>(`/promotion?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export const usePromotion = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.admin.promotion(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Promotion>(`/promotion/${id}`, { signal }),
    enabled: id !== null,
  });

/** Sends a promotion to exactly these organisations: the ones left out have their copy taken off. */
export const useSendPromotion = (id: number) =>
  useConsoleMutation((body: UpdatePromotionBody) =>
    apiRequest<Promotion>(`/promotion/${id}`, { method: 'PATCH', body }),
  );

import { api, CONTENT_PAGE_SIZE, type UpdatePromotionBody } from '@kanal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConsoleMutation } from '@/console/api/use-console-mutation';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The provider's PROMOTION items, newest first, with the organisations each is sent to (SUPERADMIN). */
export const usePromotions = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin.promotions(page),
    queryFn: ({ signal }) =>
      call(api.listPromotions, { query: { limit: CONTENT_PAGE_SIZE, offset: page * CONTENT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const usePromotion = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.admin.promotion(id ?? 0),
    queryFn: ({ signal }) => call(api.getPromotion, { params: { id: String(id) }, signal }),
    enabled: id !== null,
  });

/** Sends a promotion to exactly these organisations: the ones left out have their copy taken off. */
export const useSendPromotion = (id: number) =>
  useConsoleMutation((body: UpdatePromotionBody) => call(api.sendPromotion, { params: { id: String(id) }, body }));

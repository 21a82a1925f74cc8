import type {
  ContentConfiguration,
  ContentStatus,
  ContentType,
  Promotion,
  PromotionList,
  UpdatePromotionBody,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditEntry } from '../audit/audit.service.js';
import type { Author } from '../authoring/authoring.service.js';
import type { PromotionsRepository } from './promotions.repository.js';

type Deps = {
  repo: PromotionsRepository;
  /** One of the tenant's items as its staff read it, undefined when there is none (from the authoring module). */
  itemOf: (
    tenantId: number,
    contentId: number,
    now: Date,
  ) => Promise<
    | {
        id: number;
        name: string;
        type: ContentType;
        status: ContentStatus;
        configuration: ContentConfiguration;
        publishAt: Date;
      }
    | undefined
  >;
  /** Writes the copies in the organisations given, and takes the others' away (authoring's, with the items). */
  send: (tenantId: number, contentId: number, tenantIds: number[], audit: Omit<AuditEntry, 'details'>) => Promise<void>;
  clock: Clock;
};

const fieldError = (name: string, message: string) => new AppError('BodyParamsInvalid', { field: { name, message } });

/** Promotions (SUPERADMIN): the provider's own PROMOTION items and the organisations each goes to. */
export const createPromotions = ({ repo, itemOf, send, clock }: Deps) => {
  /** One of the provider's PROMOTION items with the organisations it is sent to; 404 for anything else. */
  async function promotion(author: Author, contentId: number): Promise<Promotion> {
    const row = await itemOf(author.ownTenantId, contentId, clock.now());
    if (row?.configuration !== 'PROMOTION') throw notFound();
    const sent = await repo.sentTo(author.ownTenantId, [contentId]);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      status: row.status,
      publishAt: row.publishAt.toISOString(),
      tenants: sent.map(({ id, name }) => ({ id, name })),
    };
  }

  return {
    /** GET /promotion: the provider's PROMOTION items, each with the organisations it is sent to. */
    async promotions(author: Author, page: { limit: number; offset: number }): Promise<PromotionList> {
      const { count, rows } = await repo.promotions(author.ownTenantId, page, clock.now());
      const sent = await repo.sentTo(
        author.ownTenantId,
        rows.map((r) => r.id),
      );
      return {
        count,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          type: r.type,
          status: r.status,
          publishAt: r.publishAt.toISOString(),
          tenants: sent.filter((s) => s.sourceId === r.id).map(({ id, name }) => ({ id, name })),
        })),
      };
    },

    promotion,

    /**
     * PATCH /promotion/{id}: the client organisations it goes to, as a whole. The provider's own tenant
     * (its people get it through the item's audience) and unknown ids are refused, naming the entry.
     */
    async sendPromotion(author: Author, contentId: number, { tenantIds }: UpdatePromotionBody): Promise<Promotion> {
      await promotion(author, contentId);
      const targets = [...new Set(tenantIds)];
      const existing = await repo.existingTenants(targets);
      for (const [i, id] of tenantIds.entries()) {
        if (id === author.ownTenantId) throw fieldError(`tenantIds.${i}`, 'validation.notInProvider');
        if (!existing.has(id)) throw fieldError(`tenantIds.${i}`, 'validation.unknownTenant');
      }
      await send(author.ownTenantId, contentId, targets, {
        event: 'promotion.sent',
        tenantId: author.ownTenantId,
        userId: author.userId,
      });
      return promotion(author, contentId);
    },
  };
};
export type Promotions = ReturnType<typeof createPromotions>;

import { AudienceReachBodySchema, AudienceReachSchema } from '../../audience-rules.js';
import { ContentBodySchema, UpdateContentBodySchema } from '../../authoring.js';
import { IdParamsSchema } from '../../envelope.js';
import { DeletedSchema, TenantScopeQuerySchema } from '../../people.js';
import {
  CategoryListSchema,
  MediaFixSchema,
  NoticeQueuedSchema,
  SimpleContentSchema,
  StaffContentListSchema,
  StaffContentQuerySchema,
  StaffContentSchema,
} from '../../staff-content.js';
import type { Operation } from '../operation.js';

// Content as its staff see it (spec point 7, "Content"): authoring and maintenance. Every
// call but the maintenance takes `?tenant=` (a SUPERADMIN working in another organisation); a CREATOR's
// limits to their own items are the server's (authoring.service.ts).
const tags = ['content'];
const query = TenantScopeQuerySchema;
const params = IdParamsSchema;

/** The organisation's content: a search, filters, an order and a page. */
export const listContent = {
  method: 'GET',
  path: '/content',
  access: 'content.read',
  tags,
  query: StaffContentQuerySchema,
  response: StaffContentListSchema,
  idFilters: { creator: 'user' },
} as const satisfies Operation;

/** A new item, as a draft, scheduled or published at once. */
export const createContent = {
  method: 'POST',
  path: '/content',
  access: 'content.author',
  tags,
  query,
  body: ContentBodySchema,
  response: StaffContentSchema,
} as const satisfies Operation;

/** The same as `createContent`, under the path the spec's mobile list names too. */
export const createContentMobile = {
  ...createContent,
  path: '/mobile/content',
} as const satisfies Operation;

/** The categories the organisation's items use, for the editor's suggestions and the list's filter. */
export const listCategories = {
  method: 'GET',
  path: '/content/info/categories',
  access: 'content.read',
  tags,
  query,
  response: CategoryListSchema,
} as const satisfies Operation;

/** An item as its editor opens it. */
export const getContent = {
  method: 'GET',
  path: '/content/:id',
  access: 'content.read',
  tags,
  params,
  query,
  response: StaffContentSchema,
} as const satisfies Operation;

/** An item's name, type and status only. */
export const getSimpleContent = {
  method: 'GET',
  path: '/content/:id/simple',
  access: 'content.read',
  tags,
  params,
  query,
  response: SimpleContentSchema,
} as const satisfies Operation;

/** A change to an item; once it has answers, what would change their meaning is locked. */
export const updateContent = {
  method: 'PATCH',
  path: '/content/:id',
  access: 'content.author',
  tags,
  params,
  query,
  body: UpdateContentBodySchema,
  response: StaffContentSchema,
  errors: ['ContentLocked'],
} as const satisfies Operation;

/** Deleting an item that was never published (a draft, a scheduled one). */
export const deleteContent = {
  method: 'DELETE',
  path: '/content/:id',
  access: 'content.author',
  tags,
  params,
  query,
  response: DeletedSchema,
  errors: ['ContentNotDraft'],
} as const satisfies Operation;

/** A draft copy of an item. */
export const copyContent = {
  method: 'POST',
  path: '/content/:id/copy',
  access: 'content.author',
  tags,
  params,
  query,
  response: StaffContentSchema,
} as const satisfies Operation;

/** An item taken out of its audience's lists. */
export const archiveContent = {
  method: 'POST',
  path: '/content/:id/archive',
  access: 'content.author',
  tags,
  params,
  query,
  response: StaffContentSchema,
} as const satisfies Operation;

/** A published item's notice sent again to its audience; not twice within the hour (429). */
export const notifyAudience = {
  method: 'POST',
  path: '/content/:id/notify',
  access: 'content.author',
  tags,
  params,
  query,
  response: NoticeQueuedSchema,
  errors: ['ContentArchived', 'NotPublished', 'NoticeTooSoon'],
} as const satisfies Operation;

/**
 * How many active people of the organisation an audience's rules reach now, and the first few by name: the
 * editor's count while a rule is written. A group or manager of another organisation answers 404.
 */
export const audienceReach = {
  method: 'POST',
  path: '/audience/reach',
  access: 'audience.pick',
  tags,
  query,
  body: AudienceReachBodySchema,
  response: AudienceReachSchema,
} as const satisfies Operation;

/** Maintenance over every organisation, idempotent: media kinds set from their files, missing bytes named. */
export const fixMedia = {
  method: 'POST',
  path: '/content/info/fix-media',
  access: 'system',
  tags,
  response: MediaFixSchema,
} as const satisfies Operation;

import type {
  CommentBody,
  ContentDetail,
  ContentIdBody,
  ContentItem,
  ContentList,
  ContentStats,
  ContentType,
  CountByType,
  ListQuery,
  Material,
  Media,
  QuestionList,
  UserStats,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { ContentRepository, ItemRow } from './content.repository.js';

type Deps = { repo: ContentRepository; clock: Clock };
type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;

/** The order of the profile panel's rows (spec point 2, profile panel). */
const COUNT_ORDER: ContentType[] = ['EDUCATION', 'INFORMATION', 'POLL', 'TASK', 'INQUIRY'];
const COMMENT_TITLE_LENGTH = 80;
const groupNameOrder = new Intl.Collator('hr');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A content card as the lists send it (exported for bench/feed.bench.mjs, which serialises a baseline list the same way). */
export function toItem(row: ItemRow): ContentItem {
  return {
    id: row.id,
    type: row.type,
    configuration: row.configuration,
    name: row.name,
    description: row.description,
    image: row.image,
    category: row.category,
    publishAt: row.publishAt.toISOString(),
    settings: {
      timeRestriction: row.settings.timeRestriction ?? null,
      passingScore: row.settings.passingScore ?? null,
      comments: row.settings.comments === true,
    },
    creator: { name: row.creatorName },
    task: row.type === 'TASK' && row.taskRepeat ? { deadline: iso(row.taskDeadline), repeat: row.taskRepeat } : null,
    contentInteractions: [{ viewedAt: iso(row.viewedAt), finishedAt: iso(row.finishedAt) }],
  };
}

/** A comment's list title: its text cut to 80 characters (whole code points), marked when cut. */
function commentTitle(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= COMMENT_TITLE_LENGTH) return text;
  return `${chars
    .slice(0, COMMENT_TITLE_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

const mediaUrl = (fileId: string) => `/api/files/${fileId}`;

export const createContentService = ({ repo, clock }: Deps) => {
  /** Another tenant's item, one not sent to the caller, not yet due, a draft or archived: all 404. */
  async function visible(ctx: Ctx, contentId: number) {
    const item = await repo.findVisible(ctx.tenantId, ctx.userId, contentId, clock.now());
    if (!item) throw notFound();
    return item;
  }

  async function mark(ctx: Ctx, { contentId }: ContentIdBody, finish: boolean): Promise<{ done: true }> {
    const row = await repo.markInteraction(ctx.tenantId, ctx.userId, contentId, clock.now(), finish);
    if (!row) throw notFound();
    return { done: true };
  }

  return {
    /** Home: the caller's unfinished items, tasks first, then newest (DESIGN.md §5). */
    async listNew(ctx: Ctx, { limit, offset }: ListQuery): Promise<ContentList> {
      const now = clock.now();
      const rows = await repo.feedNew(ctx.tenantId, ctx.userId, now, limit, offset);
      const count = rows[0]?.total ?? (offset > 0 ? await repo.feedNewCount(ctx.tenantId, ctx.userId, now) : 0);
      return { count, content: rows.map(toItem) };
    },

    async getDetail(ctx: Ctx, contentId: number): Promise<ContentDetail> {
      const row = await repo.findDetail(ctx.tenantId, ctx.userId, contentId, clock.now());
      if (!row) throw notFound();
      const comments = await repo.listOwnComments(ctx.tenantId, ctx.userId, contentId);
      const mediaCount = row.images + row.videos + row.documents;
      return {
        ...toItem(row),
        counts: { questions: row.questions, images: row.images, videos: row.videos, documents: row.documents },
        hasMaterial: Boolean(row.link?.trim() || row.text?.trim() || mediaCount > 0),
        comments: comments.map((c) => ({
          id: c.id,
          title: commentTitle(c.text),
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },

    async getMaterial(ctx: Ctx, contentId: number): Promise<Material> {
      await visible(ctx, contentId);
      const [material, medias] = await Promise.all([
        repo.findMaterial(ctx.tenantId, contentId),
        repo.listMedia(ctx.tenantId, contentId),
      ]);
      return {
        link: material?.link ?? null,
        text: material?.text ?? null,
        medias: medias.map((m) => ({
          id: m.id,
          type: m.type,
          name: m.name,
          url: mediaUrl(m.fileId),
          mime: m.mime,
          size: m.size,
        })),
      };
    },

    async getMedia(ctx: Ctx, mediaId: number): Promise<Media> {
      const m = await repo.findVisibleMedia(ctx.tenantId, ctx.userId, mediaId, clock.now());
      if (!m) throw notFound();
      return { id: m.id, type: m.type, name: m.name, url: mediaUrl(m.fileId), mime: m.mime, size: m.size };
    },

    /** The questions without which answers are correct: scoring stays on the server (DESIGN.md §5). */
    async getQuestions(ctx: Ctx, contentId: number): Promise<QuestionList> {
      await visible(ctx, contentId);
      const rows = await repo.listQuestions(ctx.tenantId, contentId);
      const questions: QuestionList['questions'] = [];
      for (const row of rows) {
        let current = questions.at(-1);
        if (current?.id !== row.id) {
          current = { id: row.id, order: row.position, title: row.title, type: row.type, answers: [] };
          questions.push(current);
        }
        if (row.answerId !== null && row.answerTitle !== null)
          current.answers.push({ id: row.answerId, title: row.answerTitle });
      }
      return { questions };
    },

    /** Opening a card: the first time stays. */
    markViewed: (ctx: Ctx, body: ContentIdBody) => mark(ctx, body, false),

    /**
     * Done with an item (read, task done, quiz or poll submitted): the first time stays, and it counts
     * as viewed too. EDUCATION/POLL/INQUIRY are not yet tied to a submitted attempt (the quiz issue).
     */
    markFinished: (ctx: Ctx, body: ContentIdBody) => mark(ctx, body, true),

    /** Spec point 6: comments only where the item's settings.comments is true. */
    async comment(ctx: Ctx, { contentId, comment }: CommentBody): Promise<{ done: true }> {
      const item = await visible(ctx, contentId);
      if (item.settings.comments !== true) throw new AppError('CommentsDisabled', 400);
      await repo.insertComment({
        tenantId: ctx.tenantId,
        contentId,
        userId: ctx.userId,
        text: comment,
        createdAt: clock.now(),
      });
      return { done: true };
    },

    /** The profile's activity bar: finished against all the caller can see. */
    async stats(ctx: Ctx): Promise<ContentStats> {
      const { total, finished } = await repo.interactionTotals(ctx.tenantId, ctx.userId, clock.now());
      return { finishedContent: finished, totalContent: total };
    },

    /** Finished items per type, every type present, in the profile panel's order. */
    async countByType(ctx: Ctx): Promise<CountByType> {
      const rows = await repo.finishedByType(ctx.tenantId, ctx.userId, clock.now());
      const byType = new Map(rows.map((r) => [r.type, r.count]));
      return COUNT_ORDER.map((type) => ({ type, count: byType.get(type) ?? 0 }));
    },

    /** Accuracy over all graded attempts in whole %, points from the ledger, dense rank (DESIGN.md §5). */
    async userStats(ctx: Ctx): Promise<UserStats> {
      const [attempts, standing] = await Promise.all([
        repo.attemptTotals(ctx.tenantId, ctx.userId),
        repo.pointsStanding(ctx.tenantId, ctx.userId),
      ]);
      const accuracy = attempts.total > 0 ? Math.round((100 * attempts.correct) / attempts.total) : 0;
      return { accuracy, points: standing.points, rank: standing.points > 0 ? standing.rank : null };
    },

    async groups(ctx: Ctx): Promise<{ id: number; name: string }[]> {
      const rows = await repo.listGroupsOf(ctx.tenantId, ctx.userId);
      return rows.sort((a, b) => groupNameOrder.compare(a.name, b.name) || a.id - b.id);
    },
  };
};
export type ContentService = ReturnType<typeof createContentService>;

import {
  APP_TIME_ZONE,
  type ArchiveItem,
  type ArchiveList,
  api,
  CONTENT_TYPE_DISPLAY_ORDER,
  type CommentBody,
  type ContentDetail,
  type ContentIdBody,
  type ContentItem,
  type ContentList,
  type FilterOption,
  type FilterOptions,
  type FinishedQuery,
  hasForm,
  LANGUAGES,
  type Language,
  type ListQuery,
  type Material,
  type Media,
  makeTranslate,
  type Question,
  urlOf,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { renderRichDoc } from '../../lib/rich-text.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };
import type { Checked, Credentials, RequestContext } from '../../plugins/request-context.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { ArchiveRow, ContentRepository, VisibleItem } from './content.repository.js';
import type { ItemRow } from './content-cards.js';

type Deps = { repo: ContentRepository; inbox: Pick<Inbox, 'mark'>; clock: Clock };

/** A question with every answer marked right or wrong: for scoring, never sent as it is. */
export type FormQuestion = Omit<Question, 'answers'> & { answers: { id: number; title: string; isCorrect: boolean }[] };
/** A visible item as forms need it: its type, settings, the caller's finish and its questions in order. */
export type Form = VisibleItem & { questions: FormQuestion[] };
type Ctx = Pick<RequestContext, 'tenantId' | 'userId'>;

const COMMENT_TITLE_LENGTH = 80;
/** Names sort as a Croatian reader expects (č, ć, đ, š, ž in their places). */
const byName = new Intl.Collator('hr');
const t = makeTranslate({ hr, en });

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
      certificate: row.settings.certificate === true,
      questionsPerAttempt: row.settings.questionsPerAttempt ?? null,
    },
    creator: { name: row.creatorName },
    // A task's deadline, or a form's due date (issue 34): the item's row in `task`, when it has one.
    task: row.taskRepeat ? { deadline: iso(row.taskDeadline), repeat: row.taskRepeat } : null,
    contentInteractions: [{ viewedAt: iso(row.viewedAt), finishedAt: iso(row.finishedAt) }],
  };
}

/** An archive card: the content card and the caller's latest attempt at it. */
function toArchiveItem(row: ArchiveRow): ArchiveItem {
  const last = row.lastAttempt;
  return {
    ...toItem(row),
    lastAttempt: last && {
      id: last.id,
      finalMark: last.finalMark,
      correct: last.correct,
      total: last.total,
      createdAt: last.createdAt.toISOString(),
    },
  };
}

// Made once per language: building an Intl.DateTimeFormat costs far more than formatting with it.
const monthFormats = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: APP_TIME_ZONE }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;

/** A `YYYY-MM` period as its month's name, e.g. 'studeni 2026.' or 'November 2026'. */
function periodLabel(lang: Language, period: string): string {
  const [year, month] = period.split('-').map(Number);
  // Mid-month at noon UTC is the same month in any European time zone.
  const midMonth = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 15, 12));
  return monthFormats[lang].format(midMonth);
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

const mediaUrl = (fileId: string) => urlOf(api.getFile, { file: fileId });

export const createContentService = ({ repo, inbox, clock }: Deps) => {
  /** Another tenant's item, one not sent to the caller, not yet due, a draft or archived: all 404. */
  async function visible(ctx: Ctx, contentId: number) {
    const item = await repo.findVisible(ctx.tenantId, ctx.userId, contentId, clock.now());
    if (!item) throw notFound();
    return item;
  }

  async function mark(ctx: Ctx, { contentId }: ContentIdBody, finish: boolean): Promise<{ done: true }> {
    const row = await inbox.mark(ctx.tenantId, ctx.userId, contentId, clock.now(), finish);
    if (!row) throw notFound();
    return { done: true };
  }

  /**
   * A visible item's questions with their answers, each marked right or wrong: what scoring needs.
   * The caller decides what of it leaves the server (the forms module's questions).
   */
  async function getForm(ctx: Ctx, contentId: number): Promise<Form> {
    const [item, rows] = await Promise.all([visible(ctx, contentId), repo.listQuestions(ctx.tenantId, contentId)]);
    const questions: FormQuestion[] = [];
    for (const row of rows) {
      let current = questions.at(-1);
      if (current?.id !== row.id) {
        current = { id: row.id, order: row.position, title: row.title, type: row.type, answers: [] };
        questions.push(current);
      }
      if (row.answerId !== null && row.answerTitle !== null)
        current.answers.push({ id: row.answerId, title: row.answerTitle, isCorrect: row.answerIsCorrect === true });
    }
    return { ...item, questions };
  }

  return {
    getForm,
    assertVisible: visible,

    /**
     * Home: the caller's unfinished items, tasks first, then newest (DESIGN.md §5), with the session
     * check in the same statement (a `sessionInStatement` route).
     */
    async listNew(credentials: Credentials, { limit, offset }: ListQuery): Promise<Checked<ContentList>> {
      const rows = await repo.feedNew(credentials.tenantId, credentials.tokenHash, clock.now(), limit, offset);
      const [first] = rows;
      if (!first) return undefined;
      const content = rows.flatMap(({ item }) => (item ? [toItem(item)] : []));
      return { caller: first.caller, value: { count: first.total, content } };
    },

    /**
     * Reading an item is opening it, however the person came (a card, the bell, a push, a mailed link, a
     * typed URL): its first reading marks it viewed, and later ones find it so and write nothing.
     */
    async getDetail(ctx: Ctx, contentId: number): Promise<ContentDetail> {
      const now = clock.now();
      let row = await repo.findDetail(ctx.tenantId, ctx.userId, contentId, now);
      if (!row) throw notFound();
      if (!row.viewedAt) {
        // Not marked when the item is no longer live (an archived item read from the archive).
        const marked = await inbox.mark(ctx.tenantId, ctx.userId, contentId, now, false);
        if (marked) row = { ...row, viewedAt: marked.viewedAt };
      }
      const comments = await repo.listOwnComments(ctx.tenantId, ctx.userId, contentId);
      const mediaCount = row.images + row.videos + row.documents;
      return {
        ...toItem(row),
        counts: {
          // What one attempt asks: an education that draws asks that many of its questions (ADR 0067).
          questions: Math.min(row.questions, row.settings.questionsPerAttempt ?? row.questions),
          images: row.images,
          videos: row.videos,
          documents: row.documents,
        },
        hasMaterial: Boolean(row.link?.trim() || row.text?.trim() || mediaCount > 0),
        comments: comments.map((c) => ({
          id: c.id,
          title: commentTitle(c.text),
          createdAt: c.createdAt.toISOString(),
          reply: c.reply && c.repliedAt ? { text: c.reply, at: c.repliedAt.toISOString() } : null,
          hidden: c.hiddenReason && c.hiddenAt ? { reason: c.hiddenReason, at: c.hiddenAt.toISOString() } : null,
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
        html: renderRichDoc(material?.doc ?? null),
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

    /** Whether an item in the caller's inbox or archive shows the file (its image or a media): files are read through this. */
    showsFile: (ctx: Ctx, fileId: string) => repo.showsFile(ctx.tenantId, ctx.userId, fileId, clock.now()),

    /** Opening a card: the first time stays. */
    markViewed: (ctx: Ctx, body: ContentIdBody) => mark(ctx, body, false),

    /**
     * Done with an item (read, task done): the first time stays, and it counts as viewed too. A quiz,
     * poll or inquiry is finished only by submitting its answers (POST …/form/attempt), so for those this
     * confirms a finish already made, and refuses while there is none.
     */
    async markFinished(ctx: Ctx, body: ContentIdBody): Promise<{ done: true }> {
      const item = await visible(ctx, body.contentId);
      // An item with a form is finished by its submission (spec point 4), never by a plain mark.
      if (!hasForm(item.type)) return mark(ctx, body, true);
      if (!item.finishedAt) throw new AppError('SubmissionRequired');
      return { done: true };
    },

    /** Spec point 6: comments only where the item's settings.comments is true. */
    async comment(ctx: Ctx, { contentId, comment }: CommentBody): Promise<{ done: true }> {
      const item = await visible(ctx, contentId);
      if (item.settings.comments !== true) throw new AppError('CommentsDisabled');
      await repo.insertComment({
        tenantId: ctx.tenantId,
        contentId,
        userId: ctx.userId,
        text: comment,
        createdAt: clock.now(),
      });
      return { done: true };
    },

    /** The archive (spec point 4): finished items, latest first, filtered, a page at a time. */
    async listFinished(ctx: Ctx, { limit, offset, ...filters }: FinishedQuery): Promise<ArchiveList> {
      const now = clock.now();
      const rows = await repo.finishedList(ctx.tenantId, ctx.userId, now, filters, limit, offset);
      const count =
        rows[0]?.total ?? (offset > 0 ? await repo.finishedCount(ctx.tenantId, ctx.userId, now, filters) : 0);
      return { count, content: rows.map(toArchiveItem) };
    },

    /** Archive page 0's education tried and not yet passed (spec point 4), latest attempt first. */
    async listNewWithAttempts(ctx: Ctx): Promise<ArchiveList> {
      const rows = await repo.attemptedUnfinished(ctx.tenantId, ctx.userId, clock.now());
      return { count: rows.length, content: rows.map(toArchiveItem) };
    },

    /** The archive's filter values, only those its items have, labelled in the caller's language. */
    async filterOptions(ctx: Ctx, lang: Language): Promise<FilterOptions> {
      const rows = await repo.finishedFacets(ctx.tenantId, ctx.userId, clock.now());
      const types = new Set(rows.map((r) => r.type));
      const creators = new Map(rows.map((r) => [r.creatorId, r.creatorName]));
      const categories = new Set(rows.flatMap((r) => (r.category ? [r.category] : [])));
      const periods = [...new Set(rows.map((r) => r.period))].sort().reverse();
      const option = (label: string, value: string): FilterOption => ({ label, value });
      return {
        contentTypes: CONTENT_TYPE_DISPLAY_ORDER.filter((type) => types.has(type)).map((type) =>
          option(t(lang, `contentType.${type}`), type),
        ),
        categories: [...categories].sort(byName.compare).map((c) => option(c, c)),
        creators: [...creators]
          .sort(([idA, a], [idB, b]) => byName.compare(a, b) || idA - idB)
          .map(([id, name]) => option(name, String(id))),
        periods: periods.map((p) => option(periodLabel(lang, p), p)),
      };
    },
  };
};
export type ContentService = ReturnType<typeof createContentService>;

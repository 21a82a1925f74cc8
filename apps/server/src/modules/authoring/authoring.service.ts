import {
  api,
  bodyOfItem,
  type ContentBody,
  ContentBodySchema,
  isChoiceQuestion,
  isLive,
  type Language,
  LINEAR_POINTS,
  type MediaType,
  may,
  mayChangeItem,
  type NoticeQueued,
  type QuestionType,
  readRichDoc,
  type SimpleContent,
  type StaffContent,
  type StaffContentList,
  type StaffContentQuery,
  type UpdateContentBody,
  urlOf,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { renderRichDoc } from '../../lib/rich-text.js';
import type { StaffCaller } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import { createAudienceRules, withoutGone } from './audience-rules.js';
import type { AuthoringRepository } from './authoring.repository.js';
import type { NewContent } from './authoring-parts.js';
import type { Submission } from './authoring-review.js';
import type { ContentAuthoring, ContentChanges } from './authoring-writes.js';
import { createMediaMaintenance, mediaTypeOf } from './media-maintenance.js';

/** An item as its statistics read it (item-stats.service.ts). */
export type ItemSummary = Pick<StaffContent, 'id' | 'name' | 'type' | 'status' | 'publishAt'> & {
  creatorId: number;
  passingScore: number | null;
  /** Its inbox rows (content_reach). */
  audience: number;
};

/** The staff member calling, in the organisation they work in, and their own (a SUPERADMIN's provider). */
export type Author = StaffCaller;

/** The content module's reads of an item's media (with their files) and questions (with their answers). */
type ItemReads = {
  listMedia: (
    tenantId: number,
    contentId: number,
  ) => PromiseLike<{ id: number; type: MediaType; name: string; fileId: string; mime: string; size: number }[]>;
  listQuestions: (
    tenantId: number,
    contentId: number,
  ) => PromiseLike<
    {
      id: number;
      title: string;
      type: QuestionType;
      answerId: number | null;
      answerTitle: string | null;
      answerIsCorrect: boolean | null;
    }[]
  >;
};

type Deps = {
  authoring: ContentAuthoring;
  repo: AuthoringRepository;
  /** An item's media and questions as the content module reads them (its repository's). */
  reads: ItemReads;
  /** The tenant's files among these ids, with their kinds (from the files module). */
  filesOf: (tenantId: number, ids: string[]) => Promise<{ id: string; mime: string }[]>;
  /** Whether a file's bytes are in the store (from the files module). */
  fileStored: (storageKey: string) => Promise<boolean>;
  audit: AuditLog;
  /** Starts the background work now (a notice asked for, an item published) rather than at the next poll. */
  kickJobs: () => Promise<void>;
  /** The tenant's items whose audience's inboxes are still being filled (from the inbox module). */
  filling: (tenantId: number) => Promise<Set<number>>;
  /** Whether the organisation reviews its CREATORs' items, and who hears that one awaits it (the review module's). */
  reviewPolicy: { required(tenantId: number): Promise<boolean>; reviewers(tenantId: number): Promise<number[]> };
  clock: Clock;
};

const fieldError = (name: string, message: string) => new AppError('BodyParamsInvalid', { field: { name, message } });

const COPY_SUFFIX: Record<Language, string> = { hr: ' (kopija)', en: ' (copy)' };

/** The staff side of content (spec point 7, "Content"): the list, the editor's calls, maintenance. */
export const createContentStaff = ({
  authoring,
  repo,
  reads,
  filesOf,
  fileStored,
  audit,
  kickJobs,
  filling,
  reviewPolicy,
  clock,
}: Deps) => {
  const audienceRules = createAudienceRules({ repo });
  const auditOf = (
    author: Author,
    event: 'content.created' | 'content.updated' | 'content.deleted' | 'content.archived' | 'content.unarchived',
  ) => ({
    event,
    tenantId: author.tenantId,
    userId: author.userId,
  });

  /** A CREATOR changes only what they made; an ANALYST nothing (the rule the console shows too). */
  const mayChange = (author: Author, creatorId: number) =>
    mayChangeItem({ role: author.role, id: author.userId }, creatorId);

  /** Whether the author's items go to review before they are out: a CREATOR's, where the organisation reviews. */
  const reviewed = async (author: Author) =>
    !may(author, 'content.any') && (await reviewPolicy.required(author.tenantId));

  /** The author sent an item for review now: its reviewers are told. */
  const submission = async (author: Author): Promise<Submission> => ({
    by: author.userId,
    reviewers: await reviewPolicy.reviewers(author.tenantId),
    at: clock.now(),
  });

  /** An item's questions in order, each with its answers in order and which are correct. */
  async function questionsOf(tenantId: number, contentId: number): Promise<StaffContent['questions']> {
    const questions: StaffContent['questions'] = [];
    for (const q of await reads.listQuestions(tenantId, contentId)) {
      let current = questions.at(-1);
      if (current?.id !== q.id) {
        current = { id: q.id, title: q.title, type: q.type, answers: [] };
        questions.push(current);
      }
      if (q.answerId !== null && q.answerTitle !== null) {
        current.answers.push({ id: q.answerId, title: q.answerTitle, isCorrect: q.answerIsCorrect === true });
      }
    }
    return questions;
  }

  async function get(author: Author, contentId: number): Promise<StaffContent> {
    const row = await repo.find(author.tenantId, contentId, clock.now());
    if (!row) throw notFound();
    const [audience, media, questions, delivering] = await Promise.all([
      repo.audienceOf(author.tenantId, contentId),
      reads.listMedia(author.tenantId, contentId),
      questionsOf(author.tenantId, contentId),
      filling(author.tenantId),
    ]);
    return {
      id: row.id,
      type: row.type,
      configuration: row.configuration,
      status: row.status,
      name: row.name,
      description: row.description,
      image: row.image,
      category: row.category,
      settings: row.settings,
      material: { link: row.link ?? null, doc: row.doc ?? null, html: renderRichDoc(row.doc ?? null) },
      media: media.map((m) => ({ ...m, url: urlOf(api.getFile, { file: m.fileId }) })),
      questions,
      task: row.hasTask
        ? {
            deadline: row.deadline?.toISOString() ?? null,
            repeat: row.repeat ?? 'NO_REPEAT',
            reminderMinutes: row.reminderMinutes ?? null,
          }
        : null,
      audience: { everyone: row.audienceAll, ...audience },
      publishAt: row.publishAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      creator: { id: row.creatorId, name: row.creatorName },
      counts: { audience: row.audience, viewed: row.viewed, finished: row.finished },
      delivering: delivering.has(row.id),
      locked: Boolean(row.answered),
      // A promotion's copy is the provider's: the organisation receiving it reads it and changes nothing.
      // What people read was reviewed: a reviewed author leaves it to the admins (ADR 0065).
      editable:
        !row.isCopy && mayChange(author, row.creatorId) && !(row.status === 'published' && (await reviewed(author))),
    };
  }

  async function simple(author: Author, contentId: number): Promise<SimpleContent> {
    const row = await repo.find(author.tenantId, contentId, clock.now());
    if (!row) throw notFound();
    return { id: row.id, name: row.name, type: row.type, status: row.status };
  }

  /** What an item's statistics need to know of it, in one read: no audience, media or questions. */
  async function summary(author: Author, contentId: number): Promise<ItemSummary> {
    const row = await repo.findSummary(author.tenantId, contentId, clock.now());
    if (!row) throw notFound();
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      status: row.status,
      creatorId: row.creatorId,
      publishAt: row.publishAt.toISOString(),
      passingScore: row.settings.passingScore,
      audience: row.audience,
    };
  }

  /** The item, 404 when it is not the tenant's, 403 when the caller may not change it. */
  async function changeable(author: Author, contentId: number): Promise<StaffContent> {
    const item = await get(author, contentId);
    if (!item.editable) throw new AppError('Forbidden');
    return item;
  }

  /** Checks what the body points at (files, groups, people) and who may make a promotion. */
  async function resolve(author: Author, body: ContentBody) {
    if (
      body.configuration === 'PROMOTION' &&
      (author.role !== 'SUPERADMIN' || author.tenantId !== author.ownTenantId)
    ) {
      throw fieldError('configuration', 'validation.promotionOnlyProvider');
    }
    const ids = [...(body.image ? [body.image] : []), ...body.media.map((m) => m.fileId)];
    const files = new Map((await filesOf(author.tenantId, ids)).map((f) => [f.id, f.mime]));
    if (body.image && !files.get(body.image)?.startsWith('image/')) {
      throw fieldError('image', files.has(body.image) ? 'validation.invalidType' : 'validation.unknownFile');
    }
    const media = body.media.map((m, i) => {
      const mime = files.get(m.fileId);
      if (!mime) throw fieldError(`media.${i}.fileId`, 'validation.unknownFile');
      return { fileId: m.fileId, name: m.name, type: mediaTypeOf(mime) };
    });
    const { everyone, groups, people, rules } = body.audience;
    const strangers = await repo.strangers(author.tenantId, groups, people);
    const badGroup = strangers.groups[0];
    if (badGroup !== undefined)
      throw fieldError(`audience.groups.${groups.indexOf(badGroup)}`, 'validation.unknownGroup');
    const badPerson = strangers.people[0];
    if (badPerson !== undefined) {
      throw fieldError(`audience.people.${people.indexOf(badPerson)}`, 'validation.unknownPerson');
    }
    await audienceRules.assertRuleRefs(author.tenantId, rules);
    return {
      material: {
        link: body.material.link,
        doc: body.material.doc && readRichDoc(body.material.doc).doc,
        media,
      },
      questions: body.questions.map((q) => ({
        title: q.title,
        type: q.type,
        answers:
          q.type === 'LINEAR'
            ? LINEAR_POINTS.map((title) => ({ title, isCorrect: false }))
            : isChoiceQuestion(q.type)
              ? q.answers
              : [],
      })),
      audience: everyone ? ('all' as const) : { groups, users: people, rules },
    };
  }

  /** When the item is published and in what state: now, at a later time, or kept as a draft. */
  function publication(publish: ContentBody['publish']): { status: NewContent['status']; publishAt: Date } {
    const now = clock.now();
    if (publish.mode === 'now') return { status: 'published', publishAt: now };
    const at = publish.at === null ? now : new Date(publish.at);
    if (publish.mode === 'schedule' && at <= now) throw fieldError('publish.at', 'validation.inThePast');
    return { status: publish.mode === 'schedule' ? 'scheduled' : 'draft', publishAt: at };
  }

  /** The deadline to write: a task's, or a form's due date; null for none (a form's may be left empty). */
  function taskOf({ type, task }: ContentBody): NonNullable<NewContent['task']> | null {
    if (!task || (type !== 'TASK' && task.deadline === null)) return null;
    return {
      deadline: task.deadline === null ? null : new Date(task.deadline),
      repeat: task.repeat,
      reminderMinutes: task.reminderMinutes,
    };
  }

  async function create(author: Author, body: ContentBody): Promise<StaffContent> {
    const resolved = await resolve(author, body);
    const published = publication(body.publish);
    const inReview = isLive(published.status) && (await reviewed(author));
    const contentId = await authoring.create(
      {
        tenantId: author.tenantId,
        creatorId: author.userId,
        type: body.type,
        configuration: body.configuration,
        name: body.name,
        description: body.description,
        image: body.image,
        category: body.category || null,
        settings: body.settings,
        publishAt: published.publishAt,
        status: inReview ? 'review' : published.status,
        ...resolved,
        task: taskOf(body) ?? undefined,
      },
      auditOf(author, 'content.created'),
      inReview ? await submission(author) : undefined,
    );
    // Published now: its notice goes out at once rather than at the next poll.
    void kickJobs();
    return get(author, contentId);
  }

  /** The body that would save the item as it is, its rules without the groups and people deleted since. */
  const bodyNow = (item: StaffContent): ContentBody => {
    const body = bodyOfItem(item);
    return { ...body, audience: { ...body.audience, rules: withoutGone(item.audience) } };
  };

  /** The questions as they would be written, to tell whether an edit changes them. */
  const questionsKey = (questions: ContentBody['questions']) =>
    JSON.stringify(
      questions.map((q) => [
        q.title,
        q.type,
        isChoiceQuestion(q.type) ? q.answers.map((a) => [a.title, a.isCorrect]) : [],
      ]),
    );

  return {
    ...createMediaMaintenance({ repo, fileStored, audit }),
    get,
    /** POST /audience/reach. */
    reach: audienceRules.reach,

    async list(author: Author, query: StaffContentQuery): Promise<StaffContentList> {
      const [{ count, rows }, delivering] = await Promise.all([
        repo.list(author.tenantId, query, clock.now()),
        filling(author.tenantId),
      ]);
      return {
        count,
        items: rows.map((r) => ({
          id: r.id,
          type: r.type,
          configuration: r.configuration,
          status: r.status,
          name: r.name,
          category: r.category,
          image: r.image,
          publishAt: r.publishAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          creator: { id: r.creatorId, name: r.creatorName },
          counts: { audience: r.audience, viewed: r.viewed, finished: r.finished },
          delivering: delivering.has(r.id),
          task:
            r.repeat === null
              ? null
              : {
                  deadline: r.deadline?.toISOString() ?? null,
                  repeat: r.repeat,
                  occurrence: r.occurrence ?? 0,
                  replaced: r.supersededAt !== null,
                },
        })),
      };
    },

    simple,
    summary,
    /** An item's questions with their answers; the caller has checked the item is the author's to read. */
    questions: (author: Author, contentId: number) => questionsOf(author.tenantId, contentId),

    categories: (author: Author) => repo.categories(author.tenantId),

    create,

    /**
     * Lays the changes over the item and holds the result to a new item's rules. An answered item keeps
     * its questions (409 ContentLocked). An archived one given `publish` is un-archived: back to a draft,
     * or published or scheduled again, its people's history kept.
     */
    async update(author: Author, contentId: number, patch: UpdateContentBody): Promise<StaffContent> {
      const item = await changeable(author, contentId);
      // A promotion's copies, and a communication's audience, are what the item is: it stays what it was made.
      if (patch.configuration !== undefined && patch.configuration !== item.configuration) {
        throw fieldError('configuration', 'validation.configurationFixed');
      }
      const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const parsed = ContentBodySchema.safeParse({ ...bodyNow(item), ...given });
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        throw fieldError(issue?.path.join('.') || 'body', issue?.message ?? 'validation.invalid');
      }
      const body = parsed.data;
      // What a stored attempt means: its questions, their answers and the pass mark it was judged by.
      const changesMeaning =
        questionsKey(body.questions) !== questionsKey(bodyOfItem(item).questions) ||
        body.settings.passingScore !== item.settings.passingScore;
      if (item.locked && changesMeaning) throw new AppError('ContentLocked');
      const resolved = await resolve(author, body);
      const published = patch.publish ? publication(body.publish) : undefined;
      // A reviewed author's item that would be out (or waits in review) is in review, at the time asked for.
      const status = published?.status ?? item.status;
      const inReview = (isLive(status) || status === 'review') && (await reviewed(author));
      const changes: ContentChanges = {
        name: body.name,
        description: body.description,
        image: body.image,
        category: body.category || null,
        settings: body.settings,
        material: resolved.material,
        audience: resolved.audience,
        ...(patch.questions && !item.locked ? { questions: resolved.questions } : {}),
        task: taskOf(body),
        ...published,
        ...(inReview ? { status: 'review' as const } : {}),
      };
      const event = patch.publish && item.status === 'archived' ? 'content.unarchived' : 'content.updated';
      const sent = inReview && item.status !== 'review' ? await submission(author) : undefined;
      await authoring.update(author.tenantId, contentId, changes, auditOf(author, event), sent);
      void kickJobs();
      return get(author, contentId);
    },

    /** Drafts, items in review and items not yet due go; anything people may have seen is archived instead (409). */
    async remove(author: Author, contentId: number): Promise<{ deleted: number }> {
      const item = await changeable(author, contentId);
      if (item.status === 'published' || item.status === 'archived') throw new AppError('ContentNotDraft');
      await authoring.remove(author.tenantId, contentId, auditOf(author, 'content.deleted'));
      return { deleted: 1 };
    },

    /**
     * A draft copy by the caller with the material, media, questions and answers, settings and audience;
     * never the original's attempts, comments or inbox rows.
     */
    async copy(author: Author, contentId: number): Promise<StaffContent> {
      const item = await get(author, contentId);
      return create(author, {
        ...bodyNow(item),
        name: `${item.name}${COPY_SUFFIX[author.lang]}`.slice(0, 200),
        publish: { mode: 'draft', at: null },
      });
    },

    /** Archived items leave the feeds; what people did with them stays their history. */
    async archive(author: Author, contentId: number): Promise<StaffContent> {
      const item = await changeable(author, contentId);
      if (item.status !== 'archived') {
        await authoring.setStatus(author.tenantId, contentId, 'archived', auditOf(author, 'content.archived'));
      }
      return get(author, contentId);
    },

    async notify(author: Author, contentId: number): Promise<NoticeQueued> {
      const item = await changeable(author, contentId);
      if (item.status === 'archived') throw new AppError('ContentArchived');
      if (item.status !== 'published') throw new AppError('NotPublished');
      const now = clock.now();
      const queued = await authoring.notify(author.tenantId, contentId, now, {
        event: 'content.notified',
        tenantId: author.tenantId,
        userId: author.userId,
      });
      if ('nextAt' in queued) {
        const seconds = Math.max(1, Math.ceil((queued.nextAt.getTime() - now.getTime()) / 1000));
        throw new AppError('NoticeTooSoon', {
          params: { minutes: Math.ceil(seconds / 60) },
          headers: { 'retry-after': String(seconds) },
        });
      }
      void kickJobs();
      return queued;
    },
  };
};
export type ContentStaff = ReturnType<typeof createContentStaff>;

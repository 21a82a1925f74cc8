import {
  type ContentConfiguration,
  type ContentSettings,
  type ContentStatus,
  type ContentType,
  type MediaType,
  type QuestionType,
  type Repeat,
  type RichDoc,
  richDocText,
} from '@kanal/contract';
import type { AuditLog } from '../audit/audit.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { AuthoringRepository } from './authoring.repository.js';
import { type Audience, audienceParts } from './authoring-audience.js';
import { type NoticeScheduler, planSchedule } from './authoring-schedule.js';

/*
 * The parts every write of content is made of (authoring-writes.ts and authoring-copies.ts): each keeps
 * one table of the item in line with what was asked, inside the caller's transaction.
 */

export type NewContent = {
  tenantId: number;
  creatorId: number;
  type: ContentType;
  configuration?: ContentConfiguration;
  name: string;
  description?: string;
  /** A file id of the tenant's (the cover picture). */
  image?: string | null;
  category?: string | null;
  publishAt: Date;
  status: ContentStatus;
  settings?: Partial<ContentSettings>;
  audience: Audience;
  material?: {
    link?: string | null;
    /** The text as the editor's document, as the contract's readRichDoc leaves it. */
    doc?: RichDoc | null;
    media?: { type: MediaType; fileId: string; name: string }[];
  };
  questions?: { title: string; type: QuestionType; answers?: { title: string; isCorrect?: boolean }[] }[];
  /** A task's deadline (required), repetition and reminder; a form's due date and reminder, when it has one. */
  task?: { deadline: Date | null; repeat?: Repeat; reminderMinutes?: number | null };
};

/** A promotion's copies (the promotions module's repository, bound to the transaction). */
type PromotionCopies = {
  copiesOf(
    sourceTenantId: number,
    sourceId: number,
  ): PromiseLike<{ tenantId: number; contentId: number; sent: boolean }[]>;
  insertCopy(row: { tenantId: number; contentId: number; sourceTenantId: number; sourceId: number }): Promise<void>;
  markSent(sourceTenantId: number, sourceId: number, tenantIds: number[]): Promise<void>;
  providerAccountOf(tenantId: number): Promise<number | undefined>;
};

export type Repos = {
  repo: AuthoringRepository;
  inbox: Inbox;
  audit: AuditLog;
  jobs: NoticeScheduler;
  copies: PromotionCopies;
  /** The account standing for a provider in a tenant (the users module's, bound to the transaction). */
  insertStandIn: (tenantId: number, providerTenantId: number) => Promise<number>;
  /** A tenant's rows for another's files, shared into it (the files module's, bound to the transaction). */
  shareFiles: (fromTenantId: number, toTenantId: number, fileIds: string[]) => Promise<void>;
};
export const fullSettings = (settings: Partial<ContentSettings> = {}): ContentSettings => ({
  timeRestriction: settings.timeRestriction ?? null,
  passingScore: settings.passingScore ?? null,
  comments: settings.comments ?? false,
  certificate: settings.certificate ?? false,
  questionsPerAttempt: settings.questionsPerAttempt ?? null,
});

/** The item's inbox rows in line with the item, its row locked so two syncs of one item run in turn. */
export async function sync({ repo, inbox }: Repos, tenantId: number, contentId: number): Promise<void> {
  const item = await repo.lockItem(tenantId, contentId);
  if (!item) throw new Error(`content ${contentId} of tenant ${tenantId} does not exist`);
  await inbox.sync(tenantId, contentId, item);
}

/** After a change of status, times or deadline: the inboxes, then the item's schedule. */
export async function syncAndPlan(repos: Repos, tenantId: number, contentId: number): Promise<void> {
  await sync(repos, tenantId, contentId);
  await planSchedule(repos.repo, repos.jobs, tenantId, contentId);
}

export async function writeAudience({ repo }: Repos, tenantId: number, contentId: number, audience: Audience) {
  await repo.replaceAudience(tenantId, contentId, audienceParts(audience));
}

export async function writeMaterial(
  { repo }: Repos,
  tenantId: number,
  contentId: number,
  { link = null, doc = null, media = [] }: NonNullable<NewContent['material']>,
) {
  const kept = doc && doc.content.length > 0 ? doc : null;
  const text = kept ? richDocText(kept) || null : null;
  if (link !== null || kept !== null) await repo.insertMaterial({ tenantId, contentId, link, text, doc: kept });
  await repo.insertMedia(media.map((m, position) => ({ tenantId, contentId, position, ...m })));
}

export async function writeQuestions(
  { repo }: Repos,
  tenantId: number,
  contentId: number,
  questions: NonNullable<NewContent['questions']>,
) {
  for (const [position, q] of questions.entries()) {
    const questionId = await repo.insertQuestion({ tenantId, contentId, position, title: q.title, type: q.type });
    await repo.insertAnswers(
      (q.answers ?? []).map((a, i) => ({
        tenantId,
        questionId,
        position: i,
        title: a.title,
        isCorrect: a.isCorrect ?? false,
      })),
    );
  }
}

/**
 * A task's details. A repeating task counts its occurrences from an anchor, its first deadline; an edit
 * that keeps the deadline and the repetition keeps them (`previous`), one that changes either starts the
 * count again from the new deadline. An occurrence the next one replaced stays replaced.
 */
export async function writeTask(
  { repo }: Repos,
  tenantId: number,
  contentId: number,
  details: NewContent['task'],
  previous?: {
    deadline: Date | null;
    repeat: Repeat;
    anchor: Date | null;
    occurrence: number;
    supersededAt: Date | null;
  },
) {
  const deadline = details?.deadline ?? null;
  const repeat = details?.repeat ?? 'NO_REPEAT';
  const kept = previous && previous.repeat === repeat && previous.deadline?.getTime() === deadline?.getTime();
  await repo.insertTask({
    tenantId,
    contentId,
    deadline,
    repeat,
    reminderMinutes: details?.reminderMinutes ?? null,
    anchor: kept ? previous.anchor : repeat === 'NO_REPEAT' ? null : deadline,
    occurrence: kept ? previous.occurrence : 0,
    supersededAt: previous?.supersededAt ?? null,
  });
}

import * as z from 'zod/mini';
import { AudienceRulesSchema } from './audience-rules.js';
import {
  NAME_MAX_LENGTH,
  QUESTIONS_MAX,
  TASK_TEXT_MAX_LENGTH,
  TIME_RESTRICTION_MAX_S,
  TIME_RESTRICTION_MIN_S,
} from './constants.js';
import { parseVideoLink } from './content.js';
import {
  ContentConfigurationSchema,
  ContentTypeSchema,
  hasForm,
  isChoiceQuestion,
  QuestionTypeSchema,
  RepeatSchema,
} from './enums.js';
import { IdSchema } from './envelope.js';
import { imageFileId, RichDocSchema, type RichNode, readRichDoc } from './rich-text.js';

// Authoring content (spec point 7, "Content"): the staff list, the one body that describes a whole
// item, and the rules each type's body must keep. The server and the console's editor check the same.

export const CONTENT_PAGE_SIZE = 20;
export const CONTENT_DESCRIPTION_MAX_LENGTH = 1000;
export const CATEGORY_MAX_LENGTH = 60;
export const QUESTION_TITLE_MAX_LENGTH = 500;
export const ANSWER_TITLE_MAX_LENGTH = 300;
export const ANSWERS_MAX = 20;
export const MEDIA_MAX = 30;
/** Spec point 3, creation hints: a task's reminder 15/30/45/60 minutes, 1 day, 2 days or 1 week before. */
export const REMINDER_MINUTES = [15, 30, 45, 60, 1440, 2880, 10_080] as const;
/** A LINEAR question's scale: its five points are made by the server, labelled 1 to 5. */
export const LINEAR_POINTS = ['1', '2', '3', '4', '5'] as const;

/** The staff list's orders; the default shows the latest publication first. */
export const CONTENT_SORTS = ['-publishAt', 'publishAt', 'name', '-name', '-updatedAt', 'updatedAt'] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

const required = { error: 'validation.required' } as const;
const text = (max: number, error = 'validation.tooLong') => z.string().check(z.trim(), z.maxLength(max, { error }));
const requiredText = (max: number) => z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max));
/** Required once the item is published (contentIssues): a draft may keep it empty while it is written. */
const draftText = (max: number) => z.string(required).check(z.trim(), z.maxLength(max));
const FileIdSchema = z.uuid({ error: 'validation.invalid' });

export const AnswerBodySchema = z.object({
  title: draftText(ANSWER_TITLE_MAX_LENGTH),
  isCorrect: z._default(z.boolean(), false),
});

export const QuestionBodySchema = z.object({
  title: draftText(QUESTION_TITLE_MAX_LENGTH),
  type: QuestionTypeSchema,
  /** SINGLE and MULTIPLE only: TEXT has none and LINEAR's five points are made by the server. */
  answers: z._default(z.array(AnswerBodySchema).check(z.maxLength(ANSWERS_MAX, { error: 'validation.tooMany' })), []),
});
export type QuestionBody = z.infer<typeof QuestionBodySchema>;
export type AnswerBody = z.infer<typeof AnswerBodySchema>;

export const SettingsBodySchema = z.object({
  timeRestriction: z._default(
    z.nullable(
      z
        .int({ error: 'validation.invalid' })
        .check(
          z.minimum(TIME_RESTRICTION_MIN_S, { error: 'validation.timeLimitRange' }),
          z.maximum(TIME_RESTRICTION_MAX_S, { error: 'validation.timeLimitRange' }),
        ),
    ),
    null,
  ),
  /** 0..1; null passes every attempt. */
  passingScore: z._default(
    z.nullable(
      z
        .number({ error: 'validation.invalid' })
        .check(
          z.minimum(0, { error: 'validation.passingScoreRange' }),
          z.maximum(1, { error: 'validation.passingScoreRange' }),
        ),
    ),
    null,
  ),
  comments: z._default(z.boolean(), false),
  /** An education's pass earns a certificate (a PDF with a code anyone can verify); EDUCATION only. */
  certificate: z._default(z.boolean(), false),
  /**
   * An education's draw (issue 34): each attempt asks this many of its questions, chosen at random, so a
   * retry is not the same quiz again; null asks them all. Its questions are the pool (a bank category's,
   * added whole, for instance).
   */
  questionsPerAttempt: z._default(
    z.nullable(
      z
        .int({ error: 'validation.invalid' })
        .check(
          z.minimum(1, { error: 'validation.questionsPerAttemptRange' }),
          z.maximum(QUESTIONS_MAX, { error: 'validation.questionsPerAttemptRange' }),
        ),
    ),
    null,
  ),
});

export const TaskBodySchema = z.object({
  deadline: z.nullable(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })),
  repeat: z._default(RepeatSchema, 'NO_REPEAT'),
  /** Minutes before the deadline (REMINDER_MINUTES); null for no reminder. */
  reminderMinutes: z._default(z.nullable(z.literal(REMINDER_MINUTES, { error: 'validation.invalid' })), null),
});

/**
 * Everyone in the tenant, or the groups, people and rules chosen (any of them may be given: a person any of
 * them names receives the item). A rule is over people's attributes and groups (audience-rules.ts).
 */
export const AudienceBodySchema = z.object({
  everyone: z._default(z.boolean(), false),
  groups: z._default(z.array(IdSchema).check(z.maxLength(500)), []),
  people: z._default(z.array(IdSchema).check(z.maxLength(5000)), []),
  rules: z._default(AudienceRulesSchema, []),
});
export type AudienceBody = z.infer<typeof AudienceBodySchema>;

/** Publish now, at a later time (scheduled), or keep as a draft. */
export const PUBLISH_MODES = ['draft', 'now', 'schedule'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];
export const PublishBodySchema = z.object({
  mode: z.enum(PUBLISH_MODES),
  /** `schedule` only: when the item appears to its audience. */
  at: z._default(z.nullable(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })), null),
});
export type PublishBody = z.infer<typeof PublishBodySchema>;

const MaterialBodySchema = z.object({
  /** A YouTube or Vimeo link. */
  link: z._default(z.nullable(text(500)), null),
  /** The text, as the editor's document (rich-text.ts); the server renders it to HTML. */
  doc: z._default(z.nullable(RichDocSchema), null),
});

/** Everything but the type, without defaults: what PATCH /content/{id} may change, each field optional there. */
const contentFields = {
  configuration: ContentConfigurationSchema,
  name: requiredText(NAME_MAX_LENGTH),
  /** A TASK's description is its text, at most TASK_TEXT_MAX_LENGTH characters. */
  description: text(CONTENT_DESCRIPTION_MAX_LENGTH),
  /** The cover picture: a file of the tenant's (POST /files). */
  image: z.nullable(FileIdSchema),
  category: z.nullable(text(CATEGORY_MAX_LENGTH)),
  settings: SettingsBodySchema,
  material: MaterialBodySchema,
  /** In their order; each a file of the tenant's, its kind (image, video, document) read from the file. */
  media: z
    .array(z.object({ fileId: FileIdSchema, name: requiredText(NAME_MAX_LENGTH) }))
    .check(z.maxLength(MEDIA_MAX, { error: 'validation.tooMany' })),
  questions: z.array(QuestionBodySchema).check(z.maxLength(QUESTIONS_MAX, { error: 'validation.tooMany' })),
  /**
   * A TASK's deadline, repetition and reminder; an education's, poll's or inquiry's optional due date and
   * reminder (no repetition). An announcement has none.
   */
  task: z.nullable(TaskBodySchema),
  audience: AudienceBodySchema,
  publish: PublishBodySchema,
};

const ContentFieldsSchema = z.object({
  type: ContentTypeSchema,
  name: contentFields.name,
  configuration: z._default(contentFields.configuration, 'COMMUNICATION'),
  description: z._default(contentFields.description, ''),
  image: z._default(contentFields.image, null),
  category: z._default(contentFields.category, null),
  settings: z._default(contentFields.settings, {
    timeRestriction: null,
    passingScore: null,
    comments: false,
    certificate: false,
    questionsPerAttempt: null,
  }),
  material: z._default(contentFields.material, { link: null, doc: null }),
  media: z._default(contentFields.media, []),
  questions: z._default(contentFields.questions, []),
  task: z._default(contentFields.task, null),
  audience: z._default(contentFields.audience, { everyone: false, groups: [], people: [], rules: [] }),
  publish: z._default(contentFields.publish, { mode: 'draft', at: null }),
});
export type ContentBody = z.infer<typeof ContentFieldsSchema>;

type Issue = { path: (string | number)[]; message: string };

/** A picture in the text is one of the item's own media, which is what lets its audience load it. */
function textImageIssues(body: ContentBody): Issue[] {
  const media = new Set(body.media.map((item) => item.fileId));
  const issues: Issue[] = [];
  const visit = (nodes: RichNode[] | undefined, path: (string | number)[]) => {
    for (const [i, node] of (nodes ?? []).entries()) {
      if (node.type === 'image' && !media.has(imageFileId(node.attrs.src) ?? '')) {
        issues.push({ path: [...path, i, 'attrs', 'src'], message: 'validation.imageNotMedia' });
      }
      if ('content' in node) visit(node.content, [...path, i, 'content']);
    }
  };
  if (body.material.doc) visit(readRichDoc(body.material.doc).doc.content, ['material', 'doc', 'content']);
  return issues;
}

/**
 * What one question must keep, each issue with its path inside the question. `complete`: ready for people
 * to answer (a text, two answers with texts). `marks`: whether it names its correct answers: an education's
 * must, a poll's or inquiry's must not, a question bank's may (it goes to either).
 */
export function questionIssues(
  question: QuestionBody,
  { complete, marks }: { complete: boolean; marks: 'required' | 'forbidden' | 'optional' },
): Issue[] {
  const issues: Issue[] = [];
  if (complete && question.title === '') issues.push({ path: ['title'], message: 'validation.required' });
  if (!isChoiceQuestion(question.type)) {
    if (question.answers.length > 0) issues.push({ path: ['answers'], message: 'validation.noAnswers' });
    return issues;
  }
  for (const [a, answer] of question.answers.entries()) {
    if (complete && answer.title === '') issues.push({ path: ['answers', a, 'title'], message: 'validation.required' });
  }
  if (complete && question.answers.length < 2) issues.push({ path: ['answers'], message: 'validation.twoAnswers' });
  const correct = question.answers.filter((a) => a.isCorrect).length;
  if (marks === 'forbidden' && correct > 0) issues.push({ path: ['answers'], message: 'validation.noCorrectAnswers' });
  if (complete && marks === 'required' && correct === 0) {
    issues.push({ path: ['answers'], message: 'validation.markCorrect' });
  }
  if (marks !== 'forbidden' && question.type === 'SINGLE' && correct > 1) {
    issues.push({ path: ['answers'], message: 'validation.oneCorrect' });
  }
  return issues;
}

/**
 * The rules that tie a body's parts to its type (spec point 3; issue 13): what a quiz, a poll and a task
 * need and may not have. Each issue names its field. The questions need to be complete (a text, two
 * answers, a correct one) only for people to answer them: a draft keeps them half-written (issue 29).
 * The time-dependent rule (a schedule in the past) is the server's.
 */
export function contentIssues(body: ContentBody): Issue[] {
  const issues: Issue[] = [];
  const form = hasForm(body.type);
  const graded = body.type === 'EDUCATION';
  const published = body.publish.mode !== 'draft';
  if (published && form && body.questions.length === 0) {
    issues.push({ path: ['questions'], message: 'validation.needsQuestion' });
  }
  if (!form && body.questions.length > 0) issues.push({ path: ['questions'], message: 'validation.noQuestions' });
  const marks = graded ? 'required' : 'forbidden';
  for (const [q, question] of body.questions.entries()) {
    for (const issue of questionIssues(question, { complete: published, marks })) {
      issues.push({ path: ['questions', q, ...issue.path], message: issue.message });
    }
  }
  if (!graded && body.settings.passingScore !== null) {
    issues.push({ path: ['settings', 'passingScore'], message: 'validation.onlyEducation' });
  }
  if (!graded && body.settings.certificate) {
    issues.push({ path: ['settings', 'certificate'], message: 'validation.certificateOnlyEducation' });
  }
  const draw = body.settings.questionsPerAttempt;
  if (!graded && draw !== null) {
    issues.push({ path: ['settings', 'questionsPerAttempt'], message: 'validation.drawOnlyEducation' });
  }
  if (graded && published && draw !== null && draw > body.questions.length) {
    issues.push({ path: ['settings', 'questionsPerAttempt'], message: 'validation.drawMoreThanQuestions' });
  }
  if (!form && body.settings.timeRestriction !== null) {
    issues.push({ path: ['settings', 'timeRestriction'], message: 'validation.onlyWithQuestions' });
  }
  if (body.type === 'TASK') {
    if (body.task?.deadline == null) issues.push({ path: ['task', 'deadline'], message: 'validation.required' });
    if (body.description.length > TASK_TEXT_MAX_LENGTH) {
      issues.push({ path: ['description'], message: 'validation.taskTextTooLong' });
    }
  } else if (body.task !== null && !form) {
    issues.push({ path: ['task'], message: 'validation.noDeadline' });
  } else if (body.task !== null) {
    // A form's due date and reminder (issue 34): the task's choices, without the repetition.
    if (body.task.repeat !== 'NO_REPEAT')
      issues.push({ path: ['task', 'repeat'], message: 'validation.repeatOnlyTask' });
    if (body.task.deadline === null && body.task.reminderMinutes !== null) {
      issues.push({ path: ['task', 'reminderMinutes'], message: 'validation.reminderNeedsDeadline' });
    }
  }
  if (body.material.link && !parseVideoLink(body.material.link)) {
    issues.push({ path: ['material', 'link'], message: 'validation.videoLink' });
  }
  issues.push(...textImageIssues(body));
  if (body.publish.mode === 'schedule' && body.publish.at === null) {
    issues.push({ path: ['publish', 'at'], message: 'validation.required' });
  }
  // A promotion goes to the client organisations it is sent to (PATCH /promotion/{id}); people of the
  // provider's own organisation get it only when an audience there is chosen as well.
  const { everyone, groups, people, rules } = body.audience;
  const homeless = !everyone && groups.length === 0 && people.length === 0 && rules.length === 0;
  if (body.publish.mode !== 'draft' && body.configuration !== 'PROMOTION' && homeless) {
    issues.push({ path: ['audience'], message: 'validation.audienceEmpty' });
  }
  return issues;
}

/** POST /content and POST /mobile/content: one whole item. */
export const ContentBodySchema = ContentFieldsSchema.check(
  z.superRefine((body, ctx) => {
    for (const issue of contentIssues(body)) ctx.addIssue({ code: 'custom', input: body, ...issue });
  }),
);

/**
 * PATCH /content/{id}: the fields given replace the item's (`questions` the whole list, `audience` and
 * `publish` as a whole); the result is held to the same rules as a new item. An item that has been
 * answered keeps its questions and answers (409 ContentLocked: copy it instead). `publish` on an archived
 * item un-archives it: back to a draft, or out again now or at a time.
 */
export const UpdateContentBodySchema = z.partial(z.object(contentFields));
export type UpdateContentBody = z.infer<typeof UpdateContentBodySchema>;

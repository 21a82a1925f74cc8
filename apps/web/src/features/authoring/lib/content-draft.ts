import {
  bodyOfItem,
  type ContentBody,
  ContentBodySchema,
  type ContentConfiguration,
  type ContentType,
  hasForm,
  isChoiceQuestion,
  type PublishMode,
  type QuestionType,
  REMINDER_MINUTES,
  type Repeat,
  type StaffContent,
} from '@kanal/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { fileUrl } from '@/lib/file-url';
import { type DraftRef, type DraftRule, draftRulesOf, rulesBody } from './audience-rule';

/** An uploaded file as the editor shows it (a cover picture or a medium, whose `name` is its caption). */
export type DraftFile = { fileId: string; name: string; mime: string; size: number; url: string };
export type DraftAnswer = { title: string; isCorrect: boolean };
export type DraftQuestion = { title: string; type: QuestionType; answers: DraftAnswer[] };
export type { DraftRef, PublishMode };

/**
 * The editor's form, as its inputs hold it: numbers and times as the text typed (an empty one is none),
 * files and audience with what is shown of them. `toBody` makes the API's body of it; the contract's
 * rules are checked on that body, and their errors shown at the fields here (see `draftField`).
 */
export type ContentDraft = {
  type: ContentType;
  /** PROMOTION only for the provider's SUPERADMIN, in the provider's own organisation. */
  configuration: ContentConfiguration;
  name: string;
  description: string;
  category: string;
  image: DraftFile | null;
  link: string;
  /** The text as the rich-text editor's document; null while it is empty. */
  doc: ContentBody['material']['doc'];
  media: DraftFile[];
  questions: DraftQuestion[];
  /** Seconds per question. */
  timeLimit: string;
  /** The pass mark in per cent, 0–100. */
  passPercent: string;
  comments: boolean;
  /** An education's pass earns a certificate. */
  certificate: boolean;
  /** An education's draw: how many of its questions each attempt asks; empty asks them all. */
  questionsPerAttempt: string;
  /** `datetime-local` text, in the browser's time zone. */
  deadline: string;
  repeat: Repeat;
  reminderMinutes: string;
  /**
   * Everyone, the groups and people chosen, or (`byRule`) the rules: the editor sends the one choice shown,
   * each kept while another is shown.
   */
  audience: { everyone: boolean; groups: DraftRef[]; people: DraftRef[]; byRule?: boolean; rules?: DraftRule[] };
  publishMode: PublishMode;
  /** `datetime-local` text: when a scheduled item appears. */
  publishAt: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` input holds it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

const numberOrNull = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
};

/** Two empty choices for a new choice question. */
export const newQuestion = (type: QuestionType = 'SINGLE'): DraftQuestion => ({
  title: '',
  type,
  answers: isChoiceQuestion(type)
    ? [
        { title: '', isCorrect: false },
        { title: '', isCorrect: false },
      ]
    : [],
});

export function emptyDraft(type: ContentType): ContentDraft {
  return {
    type,
    configuration: 'COMMUNICATION',
    name: '',
    description: '',
    category: '',
    image: null,
    link: '',
    doc: null,
    media: [],
    questions: hasForm(type) ? [newQuestion()] : [],
    timeLimit: '',
    passPercent: type === 'EDUCATION' ? '50' : '',
    comments: false,
    certificate: false,
    questionsPerAttempt: '',
    deadline: '',
    repeat: 'NO_REPEAT',
    reminderMinutes: '',
    audience: { everyone: false, groups: [], people: [] },
    publishMode: 'now',
    publishAt: '',
  };
}

/** An item as its editor starts from. */
export function draftOf(item: StaffContent): ContentDraft {
  const body = bodyOfItem(item);
  const file = (m: StaffContent['media'][number]): DraftFile => ({
    fileId: m.fileId,
    name: m.name,
    mime: m.mime,
    size: m.size,
    url: m.url,
  });
  const cover = item.image ? item.media.find((m) => m.fileId === item.image) : undefined;
  return {
    type: item.type,
    configuration: item.configuration,
    name: item.name,
    description: item.description,
    category: item.category ?? '',
    image: item.image
      ? ((cover && file(cover)) ?? {
          fileId: item.image,
          name: '',
          mime: 'image/*',
          size: 0,
          url: fileUrl(item.image),
        })
      : null,
    link: item.material.link ?? '',
    doc: item.material.doc,
    media: item.media.map(file),
    questions: body.questions,
    timeLimit: item.settings.timeRestriction === null ? '' : String(item.settings.timeRestriction),
    passPercent: item.settings.passingScore === null ? '' : String(Math.round(item.settings.passingScore * 100)),
    comments: item.settings.comments,
    certificate: item.settings.certificate,
    questionsPerAttempt: item.settings.questionsPerAttempt === null ? '' : String(item.settings.questionsPerAttempt),
    deadline: toLocalInput(item.task?.deadline ?? null),
    repeat: item.task?.repeat ?? 'NO_REPEAT',
    reminderMinutes: item.task?.reminderMinutes ? String(item.task.reminderMinutes) : '',
    audience: {
      everyone: item.audience.everyone,
      groups: item.audience.groups,
      people: item.audience.people,
      byRule: !item.audience.everyone && item.audience.rules.length > 0,
      rules: draftRulesOf(item.audience),
    },
    publishMode: body.publish.mode,
    publishAt: body.publish.mode === 'schedule' ? toLocalInput(body.publish.at) : '',
  };
}

/** The audience's body: the choice shown, and of the others nothing. */
function audienceBody({ everyone, byRule = false, groups, people, rules = [] }: ContentDraft['audience']) {
  if (everyone) return { everyone, groups: [], people: [], rules: [] };
  if (byRule) return { everyone, groups: [], people: [], rules: rulesBody(rules) };
  return { everyone, groups: groups.map((g) => g.id), people: people.map((p) => p.id), rules: [] };
}

/** The API's body for a draft. */
export function toBody(draft: ContentDraft): ContentBody {
  const passPercent = numberOrNull(draft.passPercent);
  const reminder = numberOrNull(draft.reminderMinutes);
  const reminderMinutes = REMINDER_MINUTES.find((minutes) => minutes === reminder) ?? null;
  const deadline = fromLocalInput(draft.deadline);
  return {
    type: draft.type,
    configuration: draft.configuration,
    name: draft.name,
    description: draft.description,
    image: draft.image?.fileId ?? null,
    category: draft.category.trim() || null,
    settings: {
      timeRestriction: numberOrNull(draft.timeLimit),
      passingScore: passPercent === null ? null : passPercent / 100,
      comments: draft.comments,
      certificate: draft.type === 'EDUCATION' && draft.certificate,
      questionsPerAttempt: draft.type === 'EDUCATION' ? numberOrNull(draft.questionsPerAttempt) : null,
    },
    material: { link: draft.link.trim() || null, doc: draft.doc },
    media: draft.media.map((m) => ({ fileId: m.fileId, name: m.name })),
    questions: draft.questions,
    task:
      draft.type === 'TASK'
        ? { deadline, repeat: draft.repeat, reminderMinutes }
        : // A form's due date is optional; a reminder chosen without one is sent, for the contract to refuse.
          hasForm(draft.type) && (deadline !== null || reminderMinutes !== null)
          ? { deadline, repeat: 'NO_REPEAT', reminderMinutes }
          : null,
    audience: audienceBody(draft.audience),
    publish: {
      mode: draft.publishMode,
      at: draft.publishMode === 'schedule' ? fromLocalInput(draft.publishAt) : null,
    },
  };
}

/** Where the editor shows an error the API or the contract names by the body's path. */
export function draftField(path: string): string {
  const [head, ...rest] = path.split('.');
  const tail = rest.join('.');
  switch (head) {
    case 'material':
      return tail === 'link' ? 'link' : 'doc';
    case 'settings':
      return tail === 'timeRestriction'
        ? 'timeLimit'
        : tail === 'passingScore'
          ? 'passPercent'
          : tail === 'certificate' || tail === 'questionsPerAttempt'
            ? tail
            : 'comments';
    case 'task':
      return tail === 'repeat' ? 'repeat' : tail === 'reminderMinutes' ? 'reminderMinutes' : 'deadline';
    case 'publish':
      return tail === 'at' ? 'publishAt' : 'publishMode';
    case 'audience':
      // A rule's problem is shown at its condition (or at the rule, when it has none).
      if (rest[0] === 'rules' && rest[1] !== undefined) {
        return rest[2] === 'conditions' && rest[3] !== undefined
          ? `audience.rules.${rest[1]}.conditions.${rest[3]}`
          : `audience.rules.${rest[1]}`;
      }
      return 'audience.root';
    case 'media':
      // A medium's problem is its file's or its caption's: shown with its row.
      return rest[0] === undefined ? 'media.root' : `media.${rest[0]}.name`;
    case 'questions':
      return rest.length === 0 ? 'questions.root' : path;
    default:
      return head ?? 'root';
  }
}

/** Sets `message` at a dotted path of a nested errors object, keeping the first error of each field. */
function put(errors: Record<string, unknown>, path: string, message: string) {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts.at(-1) ?? 'root';
  node[last] ??= { type: 'validate', message };
}

/** The contract's rules (ContentBodySchema and its per-type checks) on the body the draft makes. */
export const draftResolver: Resolver<ContentDraft> = async (values) => {
  const parsed = ContentBodySchema.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) put(errors, draftField(issue.path.join('.')), issue.message);
  return { values: {}, errors: errors as FieldErrors<ContentDraft> };
};

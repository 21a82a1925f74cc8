import * as z from 'zod/mini';
import { COMMENT_MAX_LENGTH, NAME_MAX_LENGTH, NEW_CONTENT_LIMIT } from './constants.js';
import { ContentConfigurationSchema, ContentTypeSchema, MediaTypeSchema, RepeatSchema } from './enums.js';
import { IdSchema, pageQuery } from './envelope.js';

/** A recognised video link: the provider and its video id (embedded in the materials screen). */
export type VideoLink = { provider: 'youtube' | 'vimeo'; id: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{6,12}$/;

/** The YouTube or Vimeo video a link shows (watch, share, embed, shorts, live, player); null for anything else. */
export function parseVideoLink(link: string): VideoLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music|player)\./, '');
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? url.pathname.split('/')[1]
        : url.pathname === '/watch'
          ? url.searchParams.get('v')
          : url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/]+)/)?.[1];
    return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com') {
    const id = url.pathname.match(/^\/(?:video\/)?([0-9]+)\/?$/)?.[1];
    return id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** Timestamps travel as ISO 8601 strings; the web app formats them (DD.MM.YYYY., DD.MM.YYYY., HH:mm). */
export const IsoDateTimeSchema = z.string();

/** Spec point 3, content settings. passingScore is 0..1 (DESIGN.md §5). */
export const ContentSettingsSchema = z.object({
  timeRestriction: z.nullable(z.int()),
  passingScore: z.nullable(z.number()),
  comments: z.boolean(),
  /** Passing earns a certificate (an education's). */
  certificate: z.boolean(),
  /** An education's draw: each attempt asks this many of its questions, chosen at random; null asks them all. */
  questionsPerAttempt: z.nullable(z.int()),
});
export type ContentSettings = z.infer<typeof ContentSettingsSchema>;

export const ContentInteractionSchema = z.object({
  viewedAt: z.nullable(IsoDateTimeSchema),
  finishedAt: z.nullable(IsoDateTimeSchema),
});

export const TaskInfoSchema = z.object({
  deadline: z.nullable(IsoDateTimeSchema),
  repeat: RepeatSchema,
});

/** One content item as the end-user lists and screens see it (spec point 3, "Content item"). */
export const ContentItemSchema = z.object({
  id: z.int(),
  type: ContentTypeSchema,
  configuration: ContentConfigurationSchema,
  name: z.string(),
  description: z.string(),
  /** A file id: GET /api/files/{image}. */
  image: z.nullable(z.string()),
  category: z.nullable(z.string()),
  publishAt: IsoDateTimeSchema,
  settings: ContentSettingsSchema,
  creator: z.object({ name: z.string() }),
  /** A task's deadline and repetition; an education's, poll's or inquiry's due date when it has one. */
  task: z.nullable(TaskInfoSchema),
  /** The caller's own interaction, as a one-entry list (the spec reads contentInteractions[0]). */
  contentInteractions: z.array(ContentInteractionSchema),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/** Spec point 7: "Content list response: count and content array". */
export const ContentListSchema = z.object({ count: z.int(), content: z.array(ContentItemSchema) });
export type ContentList = z.infer<typeof ContentListSchema>;

export const ListQuerySchema = z.object({
  ...pageQuery(NEW_CONTENT_LIMIT),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** GET /mobile/content/{id}: the item plus what the intro screen counts, and the caller's comments. */
export const ContentDetailSchema = z.extend(ContentItemSchema, {
  counts: z.object({ questions: z.int(), images: z.int(), videos: z.int(), documents: z.int() }),
  /** True when there is something to view before the questions: a link, text or media. */
  hasMaterial: z.boolean(),
  comments: z.array(
    z.object({
      id: z.int(),
      title: z.string(),
      createdAt: IsoDateTimeSchema,
      /** What the organisation answered, shown under the comment. */
      reply: z.nullable(z.object({ text: z.string(), at: IsoDateTimeSchema })),
      /** Taken out of the staff's view of what people think, and why: the writer is told. */
      hidden: z.nullable(z.object({ reason: z.string(), at: IsoDateTimeSchema })),
    }),
  ),
});
export type ContentDetail = z.infer<typeof ContentDetailSchema>;

export const MediaSchema = z.object({
  id: z.int(),
  type: MediaTypeSchema,
  name: z.string(),
  /** Same-origin URL of the bytes (cookie-authenticated): /api/files/{fileId}. */
  url: z.string(),
  mime: z.string(),
  size: z.int(),
});
export type Media = z.infer<typeof MediaSchema>;

/**
 * Spec point 3, "Material: link (a video link), text, medias". Media come in their order. `text` is the
 * text's words alone, as the spec has it; `html` is the same text with its formatting, rendered and
 * sanitised by the server, which the web app shows as it is.
 */
export const MaterialSchema = z.object({
  link: z.nullable(z.string()),
  text: z.nullable(z.string()),
  html: z.nullable(z.string()),
  medias: z.array(MediaSchema),
});
export type Material = z.infer<typeof MaterialSchema>;

export const ContentIdBodySchema = z.object({ contentId: IdSchema });
export type ContentIdBody = z.infer<typeof ContentIdBodySchema>;

export const CommentBodySchema = z.object({
  contentId: IdSchema,
  comment: z
    .string({ error: 'validation.required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'validation.commentEmpty' }),
      z.maxLength(COMMENT_MAX_LENGTH, { error: 'validation.commentTooLong' }),
    ),
});
export type CommentBody = z.infer<typeof CommentBodySchema>;

export const ContentStatsSchema = z.object({ finishedContent: z.int(), totalContent: z.int() });
export type ContentStats = z.infer<typeof ContentStatsSchema>;

export const CountByTypeSchema = z.array(z.object({ type: ContentTypeSchema, count: z.int() }));
export type CountByType = z.infer<typeof CountByTypeSchema>;

/** accuracy in % (0..100, default 0); rank only once the user has points (DESIGN.md §5). */
export const UserStatsSchema = z.object({ accuracy: z.number(), points: z.int(), rank: z.nullable(z.int()) });
export type UserStats = z.infer<typeof UserStatsSchema>;

export const GroupSchema = z.object({ id: z.int(), name: z.string() });
export const GroupListSchema = z.array(GroupSchema);
export type Group = z.infer<typeof GroupSchema>;

const required = { error: 'validation.required' } as const;

/** POST /mobile/users/names: the user's own display name. */
export const NamesBodySchema = z.object({
  name: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(NAME_MAX_LENGTH)),
});
export type NamesBody = z.infer<typeof NamesBodySchema>;

const phoneNumber = z
  .string()
  .check(z.trim(), z.regex(/^\+?[0-9][0-9 ()/-]{5,19}$/, { error: 'validation.invalidPhone' }));

/** POST /mobile/users/phone: an international or local number; null clears it. */
export const PhoneBodySchema = z.object({ phone: z.nullable(phoneNumber) });
export type PhoneBody = z.infer<typeof PhoneBodySchema>;

/** The profile screen's details: the name, and the phone as typed (left empty, it is cleared). */
export const ProfileDetailsFormSchema = z.object({
  name: NamesBodySchema.shape.name,
  phone: z.union([z.literal(''), phoneNumber]),
});
export type ProfileDetailsForm = z.infer<typeof ProfileDetailsFormSchema>;

/** POST /mobile/users/email: needs the current password, since the e-mail is where resets go. */
export const EmailBodySchema = z.object({
  email: z
    .string(required)
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { ...required, abort: true }),
      z.email({ error: 'validation.invalidEmail' }),
    ),
  password: z.string(required).check(z.minLength(1, required)),
});
export type EmailBody = z.infer<typeof EmailBodySchema>;

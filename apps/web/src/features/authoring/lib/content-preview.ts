import {
  type ContentDetail,
  type Material,
  type MediaType,
  type Question,
  readRichDoc,
  richDocText,
  type StaffContent,
} from '@kanal/contract';

/** An item as the end-user screens take it, made from what the console has: the preview's material. */
export type ContentPreview = {
  item: ContentDetail;
  material: Material;
  /** In their order, without the answer key (as GET /mobile/content/{id}/questions sends them). */
  questions: Question[];
  /** Each question's correct answer ids, for the preview to judge answers itself. */
  answerKey: Map<number, number[]>;
};

/**
 * StaffContent in the end user's shapes, as the server would send it to a recipient who has not opened
 * it yet: the intro's counts and `hasMaterial` worked out as the server does, no interaction, no comments.
 */
export function contentPreviewOf(content: StaffContent): ContentPreview {
  const medias = content.media.map(({ id, type, name, url, mime, size }) => ({ id, type, name, url, mime, size }));
  const count = (type: MediaType) => medias.filter((media) => media.type === type).length;
  const { link, doc, html } = content.material;
  return {
    item: {
      id: content.id,
      type: content.type,
      configuration: content.configuration,
      name: content.name,
      description: content.description,
      image: content.image,
      category: content.category,
      publishAt: content.publishAt,
      settings: { ...content.settings },
      creator: { name: content.creator.name },
      task: content.task ? { deadline: content.task.deadline, repeat: content.task.repeat } : null,
      contentInteractions: [{ viewedAt: null, finishedAt: null }],
      counts: {
        questions: content.questions.length,
        images: count('IMAGE'),
        videos: count('VIDEO'),
        documents: count('DOCUMENT'),
      },
      hasMaterial: Boolean(link?.trim() || html || medias.length > 0),
      comments: [],
    },
    material: { link, text: doc ? richDocText(readRichDoc(doc).doc) || null : null, html, medias },
    questions: content.questions.map((question, order) => ({
      id: question.id,
      order,
      title: question.title,
      type: question.type,
      answers: question.answers.map(({ id, title }) => ({ id, title })),
    })),
    answerKey: new Map(
      content.questions.map((question) => [
        question.id,
        question.answers.filter((answer) => answer.isCorrect).map((answer) => answer.id),
      ]),
    ),
  };
}

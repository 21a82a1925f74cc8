import type { ContentDetail, ContentItem, ContentList, Material, Media, Question } from '@kanal/contract';
import { vi } from 'vitest';

/** A content item as the API sends it; override what the test is about. */
export function makeItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 1,
    type: 'EDUCATION',
    configuration: 'COMMUNICATION',
    name: 'Sigurnost na radu',
    description: 'Osnove sigurnosti na radnom mjestu.',
    image: null,
    category: null,
    publishAt: new Date(2025, 2, 9, 14, 30).toISOString(),
    settings: {
      timeRestriction: null,
      passingScore: 0.5,
      comments: true,
      certificate: false,
      questionsPerAttempt: null,
    },
    creator: { name: 'Marko Marić' },
    task: null,
    contentInteractions: [{ viewedAt: null, finishedAt: null }],
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    ...makeItem(),
    counts: { questions: 3, images: 1, videos: 0, documents: 1 },
    hasMaterial: true,
    comments: [],
    ...overrides,
  };
}

export const makeList = (content: ContentItem[], count = content.length): ContentList => ({ count, content });

let nextMediaId = 100;
export function makeMedia(overrides: Partial<Media> = {}): Media {
  nextMediaId += 1;
  return {
    id: nextMediaId,
    type: 'IMAGE',
    name: `slika-${nextMediaId}.jpg`,
    url: `/api/files/file-${nextMediaId}`,
    mime: 'image/jpeg',
    size: 120_000,
    ...overrides,
  };
}

export const makeMaterial = (overrides: Partial<Material> = {}): Material => ({
  link: null,
  text: null,
  html: null,
  medias: [],
  ...overrides,
});

/** jsdom has no matchMedia; this answers every query as a phone (or not). */
export function stubViewport(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

/** A question with answers given by title; answer ids are the question id × 10 + position. */
export function makeQuestion(id: number, type: Question['type'], title: string, answers: string[] = []): Question {
  return {
    id,
    order: 0,
    title,
    type,
    answers: answers.map((answerTitle, i) => ({ id: id * 10 + i + 1, title: answerTitle })),
  };
}

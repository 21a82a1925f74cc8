import type { StaffContent } from '@kanal/contract';
import { describe, expect, it } from 'vitest';
import { contentPreviewOf } from './content-preview';

const at = '2026-11-20T08:15:00.000Z';
const staff: StaffContent = {
  id: 9,
  type: 'EDUCATION',
  configuration: 'PROMOTION',
  status: 'scheduled',
  name: 'Zaštita na radu',
  description: 'Osnove.',
  image: 'cover-9',
  category: 'Sigurnost',
  settings: { timeRestriction: 30, passingScore: 0.5, comments: true, certificate: false, questionsPerAttempt: null },
  material: { link: null, doc: null, html: null },
  media: [
    { id: 1, fileId: 'a', name: 'a.jpg', type: 'IMAGE', mime: 'image/jpeg', size: 10, url: '/api/files/a' },
    { id: 2, fileId: 'b', name: 'b.mp4', type: 'VIDEO', mime: 'video/mp4', size: 20, url: '/api/files/b' },
    { id: 3, fileId: 'c', name: 'c.pdf', type: 'DOCUMENT', mime: 'application/pdf', size: 30, url: '/api/files/c' },
    { id: 4, fileId: 'd', name: 'd.pdf', type: 'DOCUMENT', mime: 'application/pdf', size: 40, url: '/api/files/d' },
  ],
  questions: [
    {
      id: 70,
      title: 'Prvo?',
      type: 'MULTIPLE',
      answers: [
        { id: 701, title: 'Da', isCorrect: true },
        { id: 702, title: 'Ne', isCorrect: false },
        { id: 703, title: 'Možda', isCorrect: true },
      ],
    },
    { id: 71, title: 'Opišite.', type: 'TEXT', answers: [] },
  ],
  task: null,
  audience: {
    everyone: false,
    groups: [{ id: 1, name: 'Prodaja' }],
    people: [],
    rules: [],
    ruleRefs: { groups: [], people: [] },
  },
  publishAt: at,
  createdAt: at,
  updatedAt: at,
  creator: { id: 3, name: 'Ana Anić' },
  counts: { audience: 12, viewed: 3, finished: 1 },
  delivering: false,
  locked: true,
  editable: true,
};

describe('contentPreviewOf', () => {
  it('makes the detail a recipient would get before opening the item', () => {
    const { item } = contentPreviewOf(staff);
    expect(item).toEqual({
      id: 9,
      type: 'EDUCATION',
      configuration: 'PROMOTION',
      name: 'Zaštita na radu',
      description: 'Osnove.',
      image: 'cover-9',
      category: 'Sigurnost',
      publishAt: at,
      settings: {
        timeRestriction: 30,
        passingScore: 0.5,
        comments: true,
        certificate: false,
        questionsPerAttempt: null,
      },
      creator: { name: 'Ana Anić' },
      task: null,
      contentInteractions: [{ viewedAt: null, finishedAt: null }],
      counts: { questions: 2, images: 1, videos: 1, documents: 2 },
      hasMaterial: true,
      comments: [],
    });
  });

  it('keeps the material and media in order, and the questions without their answer key', () => {
    const { material, questions, answerKey } = contentPreviewOf(staff);
    expect(material.medias.map((media) => [media.id, media.type, media.url])).toEqual([
      [1, 'IMAGE', '/api/files/a'],
      [2, 'VIDEO', '/api/files/b'],
      [3, 'DOCUMENT', '/api/files/c'],
      [4, 'DOCUMENT', '/api/files/d'],
    ]);
    expect(material.medias[0]).not.toHaveProperty('fileId');
    expect(questions).toEqual([
      {
        id: 70,
        order: 0,
        title: 'Prvo?',
        type: 'MULTIPLE',
        answers: [
          { id: 701, title: 'Da' },
          { id: 702, title: 'Ne' },
          { id: 703, title: 'Možda' },
        ],
      },
      { id: 71, order: 1, title: 'Opišite.', type: 'TEXT', answers: [] },
    ]);
    expect([...answerKey]).toEqual([
      [70, [701, 703]],
      [71, []],
    ]);
  });

  it('has no material with no text and no media, and a task keeps its deadline', () => {
    const deadline = '2026-12-01T11:00:00.000Z';
    const { item } = contentPreviewOf({
      ...staff,
      type: 'TASK',
      media: [],
      questions: [],
      task: { deadline, repeat: 'WEEKLY', reminderMinutes: 60 },
    });
    expect(item.hasMaterial).toBe(false);
    expect(item.counts).toEqual({ questions: 0, images: 0, videos: 0, documents: 0 });
    expect(item.task).toEqual({ deadline, repeat: 'WEEKLY' });
  });
});

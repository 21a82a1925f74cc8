import type { AuthoringRepository } from './authoring.repository.js';
import {
  type Repos,
  sync,
  syncAndPlan,
  writeAudience,
  writeMaterial,
  writeQuestions,
  writeTask,
} from './authoring-parts.js';

/** What a copy of an item takes from it as it is (a promotion's copies, a task's next occurrence). */
const ownFields = (source: NonNullable<Awaited<ReturnType<AuthoringRepository['find']>>>) => ({
  type: source.type,
  configuration: source.configuration,
  name: source.name,
  description: source.description,
  image: source.image,
  category: source.category,
  settings: source.settings,
});

/**
 * Writes a promotion's copies as its source is now: its fields, material, media (the files shared into
 * each organisation), task and, where nobody has answered the copy yet, its questions; aimed at everyone
 * there, published as the source is while the organisation is sent it, archived once it is taken off.
 * Each copy's inbox follows in the same transaction.
 */
export async function writeCopies(repos: Repos, tenantId: number, sourceId: number): Promise<void> {
  const { repo } = repos;
  const copies = await repos.copies.copiesOf(tenantId, sourceId);
  if (copies.length === 0) return;
  const source = await repo.find(tenantId, sourceId, new Date());
  if (!source) throw new Error(`content ${sourceId} of tenant ${tenantId} does not exist`);
  const [media, questions] = await Promise.all([
    repo.mediaOf(tenantId, sourceId),
    repo.questionsOf(tenantId, sourceId),
  ]);
  const files = [...(source.image ? [source.image] : []), ...media.map((m) => m.fileId)];
  for (const copy of copies) {
    await repos.shareFiles(tenantId, copy.tenantId, files);
    await repo.updateContent(copy.tenantId, copy.contentId, {
      ...ownFields(source),
      publishAt: source.publishAt,
      status: copy.sent ? source.storedStatus : 'archived',
    });
    await repo.clearMaterial(copy.tenantId, copy.contentId);
    await writeMaterial(repos, copy.tenantId, copy.contentId, { link: source.link, doc: source.doc, media });
    const answered = (await repo.find(copy.tenantId, copy.contentId, new Date()))?.answered;
    if (!answered) {
      await repo.clearQuestions(copy.tenantId, copy.contentId);
      await writeQuestions(repos, copy.tenantId, copy.contentId, questions);
    }
    await repo.clearTask(copy.tenantId, copy.contentId);
    if (source.hasTask) {
      await writeTask(repos, copy.tenantId, copy.contentId, {
        deadline: source.deadline,
        repeat: source.repeat ?? 'NO_REPEAT',
        reminderMinutes: source.reminderMinutes,
      });
    }
    await sync(repos, copy.tenantId, copy.contentId);
  }
}

/**
 * A repeating task's next occurrence, `next.at`: a copy aimed at the same people, published then, due at
 * `next.deadline`, its own state from nothing. The one it replaces leaves the feeds and keeps its state.
 */
export async function writeNextOccurrence(
  repos: Repos,
  tenantId: number,
  contentId: number,
  next: { at: Date; deadline: Date; occurrence: number },
): Promise<number> {
  const { repo } = repos;
  const source = await repo.find(tenantId, contentId, next.at);
  const details = await repo.taskOf(tenantId, contentId);
  if (!source || !details) throw new Error(`task ${contentId} of tenant ${tenantId} does not exist`);
  const [media, audience] = await Promise.all([
    repo.mediaOf(tenantId, contentId),
    repo.audienceOf(tenantId, contentId),
  ]);
  const nextId = await repo.insertContent({
    tenantId,
    creatorId: source.creatorId,
    ...ownFields(source),
    publishAt: next.at,
    status: 'published',
  });
  await writeAudience(
    repos,
    tenantId,
    nextId,
    source.audienceAll
      ? 'all'
      : {
          groups: audience.groups.map((g) => g.id),
          users: audience.people.map((p) => p.id),
          rules: audience.rules,
        },
  );
  await writeMaterial(repos, tenantId, nextId, { link: source.link, doc: source.doc, media });
  await repo.insertTask({
    tenantId,
    contentId: nextId,
    deadline: next.deadline,
    repeat: details.repeat,
    reminderMinutes: details.reminderMinutes,
    anchor: details.anchor,
    occurrence: next.occurrence,
  });
  await syncAndPlan(repos, tenantId, nextId);
  await repo.supersede(tenantId, contentId, next.at);
  await syncAndPlan(repos, tenantId, contentId);
  return nextId;
}

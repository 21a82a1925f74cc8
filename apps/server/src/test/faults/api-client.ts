import { randomUUID } from 'node:crypto';
import { ErrorBodySchema } from '@kanal/contract';
import { expect } from 'vitest';

export type Answer = { status: number; headers: Headers; body: unknown };

/** One call to a server process over real HTTP; a refused connection is status 0. */
export async function call(
  base: string,
  path: string,
  {
    method = 'GET',
    token,
    body,
    headers = {},
  }: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { status: 0, headers: new Headers(), body: undefined };
  }
}

/** A 503 while the database is away: the documented error body and a Retry-After. */
export function expectUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(ErrorBodySchema.safeParse(answer.body).success).toBe(true);
  expect(answer.body).toMatchObject({ code: 'ServiceUnavailable', statusCode: 503 });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

export async function signIn(base: string, email: string, password = 'Demo1234!'): Promise<string> {
  const res = await call(base, '/api/auth/signin', { method: 'POST', body: { email, password } });
  expect(res.status).toBe(200);
  return (res.body as { payload: { token: string } }).payload.token;
}

/**
 * A failing quiz submission of the demo's first education item (every question left unanswered): it
 * stores an attempt and leaves the item unfinished, so the same user can submit it again and again.
 */
export async function failingSubmission(base: string, token: string) {
  const list = await call(base, '/api/mobile/content/list/new?limit=100', { token });
  const items = (list.body as { payload: { content: { id: number; type: string }[] } }).payload.content;
  const item = items.find((i) => i.type === 'EDUCATION');
  if (!item) throw new Error('the demo seed has no education item for this user');
  const res = await call(base, `/api/mobile/content/${item.id}/questions`, { token });
  const { questions } = (res.body as { payload: { questions: { id: number }[] } }).payload;
  return {
    contentId: item.id,
    body: { questionAnswers: questions.map((q) => ({ questionId: q.id, answers: [] })) },
  };
}

export type Submission = { contentId: number; body: unknown };
export type Submitted = { key: string; status: number; attemptId?: number };

/** One submission with its Idempotency-Key, as a client sends it and retries it. */
export const submit = (base: string, token: string, submission: Submission, key: string) =>
  call(base, `/api/mobile/content/${submission.contentId}/form/attempt`, {
    method: 'POST',
    token,
    body: submission.body,
    headers: { 'idempotency-key': key },
  });

/**
 * Sends `count` submissions, `concurrency` at a time, each with a fresh Idempotency-Key; `after(n)`
 * runs once n answers have come in (the test's moment to hurt the database or the server).
 */
export async function submitMany(
  base: string,
  token: string,
  submission: Submission,
  {
    count,
    concurrency,
    after = async () => {},
  }: { count: number; concurrency: number; after?: (n: number) => Promise<void> },
): Promise<{ results: Submitted[]; answers: Answer[] }> {
  const results: Submitted[] = [];
  const answers: Answer[] = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      next++;
      const key = randomUUID();
      const answer = await submit(base, token, submission, key);
      const attemptId = (answer.body as { payload?: { attemptId: number } } | undefined)?.payload?.attemptId;
      results.push({ key, status: answer.status, ...(attemptId ? { attemptId } : {}) });
      answers.push(answer);
      await after(results.length);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { results, answers };
}

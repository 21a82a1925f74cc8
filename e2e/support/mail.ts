import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

const dir = path.join(import.meta.dirname, '..', '.run', 'mail');

type Mail = { to: string[]; raw: string };

async function mails(): Promise<Mail[]> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Mail));
}

/**
 * The newest link of `kind` mailed to `to` by the server at `baseURL` (each project has its own),
 * waiting until it has arrived.
 */
export async function mailedLink(
  baseURL: string,
  to: string,
  kind: 'activate' | 'reset-password' | 'welcome',
): Promise<string> {
  const pattern = new RegExp(`${baseURL.replace(/[.:/]/g, '\\$&')}/${kind}/[\\w-]+`, 'g');
  let link = '';
  await expect
    .poll(
      async () => {
        const found = (await mails()).filter((m) => m.to.includes(to)).flatMap((m) => m.raw.match(pattern) ?? []);
        link = found.at(-1) ?? '';
        return link;
      },
      { message: `a ${kind} mail to ${to}` },
    )
    .not.toBe('');
  return link;
}

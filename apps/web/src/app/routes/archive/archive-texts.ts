import { loadAreaTexts } from '@/lib/i18n';

/**
 * The archive's texts come with its screens, never with the sign-in's: /login's budget counts
 * every text it loads, and these were a tenth of a kilobyte short of room for single sign-on (issue 31).
 */
export async function loader() {
  await loadAreaTexts('archive', {
    hr: () => import('@/locales/hr/archive.json'),
    en: () => import('@/locales/en/archive.json'),
  });
  return null;
}

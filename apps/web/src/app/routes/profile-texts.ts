import { loadAreaTexts } from '@/lib/i18n';

/**
 * The profile's texts (the notification settings' among them, shown only there) come with its screens,
 * never with the sign-in's: /login's budget counts every text it loads.
 */
export async function loader() {
  await loadAreaTexts('profile', {
    hr: () => import('@/locales/hr/profile.json'),
    en: () => import('@/locales/en/profile.json'),
  });
  return null;
}

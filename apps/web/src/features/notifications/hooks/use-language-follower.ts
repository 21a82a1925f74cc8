import { useEffect } from 'react';
import { i18n, isLanguage } from '@/lib/i18n';
import { saveLanguage } from '../api/notifications';

/**
 * While someone is signed in, a switch of the app's language is also theirs on the server, so their
 * notices and e-mails speak it (sign-in records the language they signed in with).
 */
export function useLanguageFollower() {
  useEffect(() => {
    const follow = (language: string) => {
      // A failed save changes nothing on screen; the next sign-in records the language anyway.
      if (isLanguage(language)) saveLanguage(language).catch(() => {});
    };
    return i18n.onLanguageChange(follow);
  }, []);
}

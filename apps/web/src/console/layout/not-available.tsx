import { may } from '@kanal/contract';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { useConsole } from '../lib/console-context';
import { SCREEN_CAPABILITIES, type ScreenName } from '../lib/console-screens';
import { ConsolePage } from './console-page';

/** The one page for a console screen the signed-in role may not use, reached by a typed or kept URL. */
export function NotAvailable() {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  return (
    <ConsolePage title={t('console.notAvailable.title')}>
      <p>{t('console.notAvailable.text', { role: t(`console.roles.${me.role}`) })}</p>
      <p>
        <Link to="/admin" className="link">
          {t('console.notAvailable.home')}
        </Link>
      </p>
    </ConsolePage>
  );
}

/** Each screen behind its capability (SCREEN_CAPABILITIES): to another role, the "not available" page. */
export function guardScreens<T extends { [Name in ScreenName]?: ComponentType }>(screens: T): T {
  const guarded: Record<string, ComponentType> = {};
  for (const [name, Screen] of Object.entries(screens) as [ScreenName, ComponentType][]) {
    guarded[name] = function Guarded() {
      const { me } = useConsole();
      return may(me, SCREEN_CAPABILITIES[name]) ? <Screen /> : <NotAvailable />;
    };
  }
  return guarded as T;
}

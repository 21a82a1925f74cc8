import type { Me } from '@kanal/contract';
import { useOutletContext } from 'react-router';
import { Page } from '@/components/page';
import { HomeFeed } from '@/features/feed/components/home-feed';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

/** The greeting uses the first name, as people greet each other. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function Component() {
  const { t } = useTranslation('home');
  const me = useOutletContext<Me>();
  useDocumentTitle(t('nav.home', { ns: 'shell' }));
  return (
    <Page title={t('greeting', { name: firstName(me.name) })}>
      <HomeFeed me={me} />
    </Page>
  );
}

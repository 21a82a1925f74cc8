import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { useTranslation } from '@/lib/i18n';
import { useBrowserPush } from '../hooks/use-browser-push';
import './notification-settings.css';

/** Push notices in this browser: turned on after the person agrees (the browser asks), or off again. */
export function BrowserPush() {
  const { t } = useTranslation('profile');
  const push = useBrowserPush();
  return (
    <section className="browser-push" aria-labelledby="browser-push-title" aria-busy={push.state === 'checking'}>
      <h2 id="browser-push-title" className="browser-push__title">
        {t('notifications.browser.title')}
      </h2>
      {push.state === 'checking' ? null : <p>{t(`notifications.browser.${push.state}`)}</p>}
      {push.state === 'off' ? (
        <Button loading={push.busy} onClick={() => void push.enable()}>
          {t('notifications.browser.enable')}
        </Button>
      ) : null}
      {push.state === 'on' ? (
        <Button variant="secondary" loading={push.busy} onClick={() => void push.disable()}>
          {t('notifications.browser.disable')}
        </Button>
      ) : null}
      <ErrorText alert>{push.failed ? t('notifications.browser.failed') : null}</ErrorText>
    </section>
  );
}

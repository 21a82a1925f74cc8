import { NOTICE_TOPICS, type NotificationSettings, PREFERENCE_CHANNELS } from '@kanal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/button';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { useTranslation } from '@/lib/i18n';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';
import '@/components/form/form.css';
import './notification-settings.css';

/** Which notices the person takes by e-mail and by push: news and reminders, each on its own. */
export function NotificationSettingsForm() {
  const { t } = useTranslation('profile');
  const settings = useNotificationSettings();
  if (settings.isPending) return <LoadingView />;
  if (settings.isError) {
    return <ErrorView message={t('notifications.loadFailed')} onRetry={() => void settings.refetch()} />;
  }
  return <SettingsForm saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const { t } = useTranslation('profile');
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState(saved);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, { onSuccess: () => showToast(t('notifications.saved')) });
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p className="form__intro">{t('notifications.intro')}</p>
      {PREFERENCE_CHANNELS.map((channel) => (
        <fieldset key={channel} className="form__group notification-settings__channel">
          <legend className="notification-settings__legend">{t(`notifications.channel.${channel}`)}</legend>
          {NOTICE_TOPICS.map((topic) => (
            <Checkbox
              key={topic}
              label={t(`notifications.topic.${topic}`)}
              checked={draft[channel][topic]}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                setDraft((current) => ({ ...current, [channel]: { ...current[channel], [topic]: checked } }));
              }}
            />
          ))}
        </fieldset>
      ))}
      <ErrorText alert>{save.error?.message}</ErrorText>
      <div className="form__actions">
        <Button type="submit" loading={save.isPending}>
          {t('notifications.save')}
        </Button>
      </div>
    </form>
  );
}

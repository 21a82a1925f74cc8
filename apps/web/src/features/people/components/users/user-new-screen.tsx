import type { CreatedUser } from '@kanal/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '@/components/feedback/toast';
import { ConsolePage } from '@/console/layout/console-page';
import { useTranslation } from '@/lib/i18n';
import { useCreateUser } from '../../api/users';
import { ActivationCodesDialog } from './activation-codes';
import { UserForm } from './user-form';
import '@/components/button.css';

/**
 * Adds a person. One with an e-mail is welcomed by mail; for a username-only one the admin sees the
 * activation code once, here, before going on to the person's page.
 */
export function NewUserScreen() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateUser();
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const open = (id: number) => navigate(`/admin/users/${id}`, { replace: true });

  return (
    <ConsolePage title={t('users.form.newTitle')} crumbs={[{ label: t('users.title'), to: '/admin/users' }]}>
      <section className="console-panel">
        <UserForm
          submitLabel={t('users.form.create')}
          pending={create.isPending}
          cancel={
            <Link to="/admin/users" className="button button--secondary">
              {t('cancel', { ns: 'common' })}
            </Link>
          }
          onSubmit={async (body) => {
            const result = await create.mutateAsync(body);
            if (result.activationCode) {
              showToast(t('users.done.createdWithCode'));
              setCreated(result);
            } else {
              showToast(t('users.done.created'));
              open(result.user.id);
            }
          }}
        />
      </section>
      {created?.activationCode ? (
        <ActivationCodesDialog
          codes={[
            { name: created.user.name, username: created.user.username ?? '', activationCode: created.activationCode },
          ]}
          onClose={() => open(created.user.id)}
        />
      ) : null}
    </ConsolePage>
  );
}

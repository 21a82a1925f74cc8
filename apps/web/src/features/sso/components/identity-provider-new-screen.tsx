import { Link, useNavigate } from 'react-router';
import { showToast } from '@/components/feedback/toast';
import { ConsolePage } from '@/console/layout/console-page';
import { useTranslation } from '@/lib/i18n';
import { useCreateIdentityProvider } from '../api/identity-providers';
import { newProviderResolver } from '../lib/provider-values';
import { ProviderForm } from './provider-form';
import '@/components/button.css';

/** A new identity provider; once added, its own page opens. */
export function NewIdentityProviderScreen() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateIdentityProvider();
  return (
    <ConsolePage title={t('sso.form.newTitle')} crumbs={[{ label: t('sso.title'), to: '/admin/sso' }]}>
      <ProviderForm
        resolver={newProviderResolver}
        submitLabel={t('sso.form.create')}
        cancel={
          <Link to="/admin/sso" className="button button--secondary">
            {t('cancel', { ns: 'common' })}
          </Link>
        }
        onSubmit={async (body) => {
          const created = await create.mutateAsync(body);
          showToast(t('sso.done.created', { name: created.name }));
          navigate(`/admin/sso/${created.id}`, { replace: true });
          return created;
        }}
      />
    </ConsolePage>
  );
}

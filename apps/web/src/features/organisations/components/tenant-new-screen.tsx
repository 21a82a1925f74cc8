import { zodResolver } from '@hookform/resolvers/zod';
import { CreateTenantBodySchema } from '@kanal/contract';
import { useId } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { showToast } from '@/components/feedback/toast';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { TextField } from '@/components/form/text-field';
import { useCreateTenant } from '@/console/api/tenants';
import { ConsolePage } from '@/console/layout/console-page';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import './tenants.css';

/** The organisation's own fields, the same on its new page and its edit form. */
export function TenantFields({
  name,
  nameError,
  showPromoTag,
}: {
  name: UseFormRegisterReturn<'name'>;
  nameError: string | undefined;
  showPromoTag: UseFormRegisterReturn<'showPromoTag'>;
}) {
  const { t } = useTranslation('admin');
  const promoHintId = useId();
  return (
    <>
      <TextField label={t('tenants.form.name')} autoComplete="off" error={nameError} {...name} />
      <div className="field">
        <Checkbox label={t('tenants.form.promoTag')} aria-describedby={promoHintId} {...showPromoTag} />
        <p id={promoHintId} className="field__hint">
          {t('tenants.form.promoTagHint')}
        </p>
      </div>
    </>
  );
}

const resolver = zodResolver(CreateTenantBodySchema);
const FIELDS = ['name', 'admin.name', 'admin.email'] as const;

/** A new organisation with its first administrator, who is welcomed by mail to set a password. */
export function NewTenantScreen() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateTenant();
  const formError = useFormError();
  const organisationId = useId();
  const adminId = useId();
  const { register, handleSubmit, formState, setError } = useForm({
    defaultValues: { name: '', showPromoTag: false, admin: { name: '', email: '' } },
    resolver,
  });
  const submit = handleSubmit(async (body) => {
    try {
      const { tenant } = await create.mutateAsync(body);
      showToast(t('tenants.done.created', { name: tenant.name }));
      navigate(`/admin/tenants/${tenant.id}`, { replace: true });
    } catch (error) {
      // The e-mail conflict names no field, and the shared mapping knows it as a person's `email`.
      if (error instanceof ApiError && error.code === 'EmailTaken') {
        setError('admin.email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!showServerError(error, setError, FIELDS)) {
        setError('root', { message: errorText(t, error) });
      }
    }
  });

  return (
    <ConsolePage title={t('tenants.new')} crumbs={[{ label: t('tenants.title'), to: '/admin/tenants' }]}>
      <form className="form tenant-form" noValidate onSubmit={submit}>
        <section className="console-panel" aria-labelledby={organisationId}>
          <h2 id={organisationId} className="console-panel__title">
            {t('tenants.form.organisation')}
          </h2>
          <TenantFields
            name={register('name')}
            nameError={formError(formState.errors.name)}
            showPromoTag={register('showPromoTag')}
          />
        </section>
        <section className="console-panel" aria-labelledby={adminId}>
          <h2 id={adminId} className="console-panel__title">
            {t('tenants.form.admin')}
          </h2>
          <p className="form__intro">{t('tenants.form.adminIntro')}</p>
          <TextField
            label={t('tenants.form.adminName')}
            autoComplete="off"
            error={formError(formState.errors.admin?.name)}
            {...register('admin.name')}
          />
          <TextField
            label={t('tenants.form.adminEmail')}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={formError(formState.errors.admin?.email)}
            {...register('admin.email')}
          />
        </section>
        <ErrorText alert>{formState.errors.root?.message}</ErrorText>
        <div className="form__actions">
          <Link to="/admin/tenants" className="button button--secondary">
            {t('cancel', { ns: 'common' })}
          </Link>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('tenants.form.create')}
          </Button>
        </div>
      </form>
    </ConsolePage>
  );
}

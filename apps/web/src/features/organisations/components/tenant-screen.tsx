import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTenant, AVATAR_MIME_TYPES, UpdateTenantBodySchema } from '@kanal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { FileButton } from '@/components/form/file-button';
import { TextField } from '@/components/form/text-field';
import {
  useDeleteTenant,
  useSetTenantActive,
  useTenant,
  useUpdateTenant,
  useUploadTenantLogo,
} from '@/console/api/tenants';
import { TableSkeleton } from '@/console/components/lists/data-table';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { isMissing, useRouteId } from '@/console/lib/route-id';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { TenantColors } from './tenant-colors';
import { TenantFields } from './tenant-new-screen';
import { logoUrl, TenantStatusBadge } from './tenants-screen';
import './tenants.css';

/** One organisation: its name, Promo tag, logo and colours to edit, its access to switch, and its deletion. */
export function TenantScreen() {
  const { t } = useTranslation('admin');
  const id = useRouteId();
  const tenant = useTenant(id ?? 0, id !== null);
  const crumbs = [{ label: t('tenants.title'), to: '/admin/tenants' }];

  // What was loaded stays on screen when a later fetch fails: a deletion refetches this very
  // organisation (404) before its dialog gets to leave the page.
  if (tenant.data) return <TenantDetail key={tenant.data.id} tenant={tenant.data} />;
  if (tenant.isError || id === null) {
    if (isMissing(id, tenant.error)) {
      return (
        <ConsolePage title={t('tenants.detail.notFound')} crumbs={crumbs}>
          <p>{t('tenants.detail.notFoundText')}</p>
          <Link to="/admin/tenants" className="link">
            {t('tenants.detail.backToList')}
          </Link>
        </ConsolePage>
      );
    }
    return (
      <ConsolePage title={t('tenants.detail.loadFailed')} crumbs={crumbs}>
        <ErrorView message={errorText(t, tenant.error)} onRetry={() => void tenant.refetch()} />
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title={t('loading', { ns: 'common' })} crumbs={crumbs}>
      <TableSkeleton columns={2} rows={6} />
    </ConsolePage>
  );
}

function TenantDetail({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  // The provider's own organisation holds the SUPERADMINs: the server refuses to lock it out or delete it.
  const own = tenant.id === me.tenant.id;
  return (
    <ConsolePage
      title={tenant.name}
      crumbs={[{ label: t('tenants.title'), to: '/admin/tenants' }]}
      actions={<TenantStatusBadge active={tenant.active} />}
    >
      <p className="tenant-screen__meta">
        {t('tenants.detail.created', { date: formatDate(tenant.createdAt) })} ·{' '}
        {t('tenants.detail.people', { count: tenant.userCount })}
      </p>
      {own ? <p className="note">{t('tenants.detail.own')}</p> : null}
      <div className="tenant-screen__columns">
        <div className="tenant-screen__column">
          <TenantDetailsForm tenant={tenant} />
          <TenantLogo tenant={tenant} />
          <TenantColors tenant={tenant} />
        </div>
        {own ? null : (
          <div className="tenant-screen__column">
            <TenantAccess tenant={tenant} />
            <TenantDeletion tenant={tenant} />
          </div>
        )}
      </div>
    </ConsolePage>
  );
}

const detailsResolver = zodResolver(UpdateTenantBodySchema);

function TenantDetailsForm({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const formError = useFormError();
  const update = useUpdateTenant(tenant.id);
  const { register, handleSubmit, formState, setError } = useForm({
    defaultValues: { name: tenant.name, showPromoTag: tenant.showPromoTag },
    resolver: detailsResolver,
  });
  const submit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      showToast(t('tenants.done.saved'));
    } catch (error) {
      if (!showServerError(error, setError, ['name'])) setError('root', { message: errorText(t, error) });
    }
  });
  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('tenants.form.details')}
      </h2>
      <form className="form" noValidate onSubmit={submit}>
        <TenantFields
          name={register('name')}
          nameError={formError(formState.errors.name)}
          showPromoTag={register('showPromoTag')}
        />
        <ErrorText alert>{formState.errors.root?.message}</ErrorText>
        <div className="form__actions">
          <Button type="submit" loading={formState.isSubmitting}>
            {t('console.actions.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

const isLogoImage = (file: File) => (AVATAR_MIME_TYPES as readonly string[]).includes(file.type);

/** The logo is saved as soon as it is chosen or removed: there is nothing else to fill in. */
function TenantLogo({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const upload = useUploadTenantLogo(tenant.id);
  const update = useUpdateTenant(tenant.id);
  const [failure, setFailure] = useState<string>();
  const busy = upload.isPending || update.isPending;
  const logo = logoUrl(tenant);

  const change = async (save: () => Promise<unknown>, done: string) => {
    setFailure(undefined);
    try {
      await save();
      showToast(done);
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };
  const replace = (file: File) => {
    // The picker's filter can be switched off; the server stores any file, but a logo must be an image.
    if (!isLogoImage(file)) return setFailure(t('tenants.logo.notImage'));
    void change(async () => {
      const stored = await upload.mutateAsync(file);
      await update.mutateAsync({ image: stored.id });
    }, t('tenants.done.logoSaved'));
  };

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('tenants.logo.title')}
      </h2>
      {logo ? (
        <img className="tenant-logo" src={logo} alt={t('tenants.logo.current')} />
      ) : (
        <p className="field__hint">{t('tenants.logo.none')}</p>
      )}
      <div className="tenant-logo__actions">
        <FileButton
          label={t('tenants.logo.upload')}
          accept={AVATAR_MIME_TYPES.join(',')}
          hint={t('tenants.logo.hint')}
          disabled={busy}
          onFile={replace}
        />
        {tenant.image ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void change(() => update.mutateAsync({ image: null }), t('tenants.done.logoRemoved'))}
          >
            {t('tenants.logo.remove')}
          </Button>
        ) : null}
      </div>
      {busy ? <p role="status">{t('tenants.logo.saving')}</p> : null}
      <ErrorText alert>{failure}</ErrorText>
    </section>
  );
}

/** Whether the organisation's people may sign in: deactivating signs them all out, so it is asked first. */
function TenantAccess({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const activate = useSetTenantActive(tenant.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('tenants.access.title')}
      </h2>
      <p>{t(tenant.active ? 'tenants.access.activeText' : 'tenants.access.deactivatedText')}</p>
      {tenant.active ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('tenants.access.deactivate')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={activate.isPending}
          onClick={() => activate.mutate(true, { onSuccess: () => showToast(t('tenants.done.activated')) })}
        >
          {t('tenants.access.activate')}
        </Button>
      )}
      <ErrorText alert>{activate.error ? errorText(t, activate.error) : undefined}</ErrorText>
      {confirming ? <DeactivateDialog tenant={tenant} onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}

function DeactivateDialog({ tenant, onClose }: { tenant: AdminTenant; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const deactivate = useSetTenantActive(tenant.id);
  return (
    <ConfirmDialog
      title={t('tenants.access.deactivateTitle', { name: tenant.name })}
      confirmLabel={t('tenants.access.deactivate')}
      danger
      pending={deactivate.isPending}
      error={deactivate.error ? errorText(t, deactivate.error) : undefined}
      onCancel={onClose}
      onConfirm={() =>
        deactivate.mutate(false, {
          onSuccess: () => {
            showToast(t('tenants.done.deactivated'));
            onClose();
          },
        })
      }
    >
      <p>{t('tenants.access.deactivateText')}</p>
    </ConfirmDialog>
  );
}

function TenantDeletion({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="console-panel tenant-screen__danger" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('tenants.delete.title')}
      </h2>
      <p>{t('tenants.delete.text')}</p>
      <Button className="button--danger" onClick={() => setConfirming(true)}>
        {t('tenants.delete.button')}
      </Button>
      {confirming ? <DeleteDialog tenant={tenant} onCancel={() => setConfirming(false)} /> : null}
    </section>
  );
}

/** Nothing of the organisation remains, so its name is typed back first; the server checks it again. */
function DeleteDialog({ tenant, onCancel }: { tenant: AdminTenant; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const remove = useDeleteTenant(tenant.id);
  const [typed, setTyped] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  // After the dialog has opened (and focused its first button): the name is what there is to do.
  useEffect(() => nameRef.current?.focus(), []);
  const name = typed.trim();
  // The server's only refusal of the name is a mismatch, and its message quotes the field's code
  // (`name`): the contract's own words for it are shown beside the field instead.
  const nameRefused = remove.error instanceof ApiError && remove.error.field === 'name';

  const deleted = () => {
    // If the console was working in it, the layout goes back to one's own organisation by itself.
    showToast(t('tenants.done.deleted', { name: tenant.name }));
    navigate('/admin/tenants', { replace: true });
  };

  return (
    <ConfirmDialog
      title={t('tenants.delete.confirmTitle', { name: tenant.name })}
      confirmLabel={t('tenants.delete.button')}
      danger
      disabled={name !== tenant.name}
      pending={remove.isPending}
      error={remove.error && !nameRefused ? errorText(t, remove.error) : undefined}
      onCancel={onCancel}
      onConfirm={() => remove.mutate({ name }, { onSuccess: deleted })}
    >
      <p>{t('tenants.delete.confirmText')}</p>
      <TextField
        ref={nameRef}
        label={t('tenants.delete.typeName')}
        hint={t('tenants.delete.typeNameHint', { name: tenant.name })}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        error={nameRefused ? t('validation.nameMismatch', { ns: 'common' }) : undefined}
        onInput={(event) => {
          setTyped(event.currentTarget.value);
          if (remove.isError) remove.reset();
        }}
      />
    </ConfirmDialog>
  );
}

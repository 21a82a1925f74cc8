import { zodResolver } from '@hookform/resolvers/zod';
import { type CreatedScimToken, CreateScimTokenBodySchema, SCIM_TOKENS_LIVE_MAX } from '@kanal/contract';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ErrorText } from '@/components/form/error-text';
import { TextField } from '@/components/form/text-field';
import { CopyValue } from '@/console/components/copy-value';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useIssueScimToken } from '../api/scim-tokens';
import '@/components/button.css';
import './scim.css';

const resolver = zodResolver(CreateScimTokenBodySchema);

/**
 * Issuing a token: its name, then the token itself, shown this once with a way to copy it. Closed, the
 * dialog forgets it; the server keeps only its hash.
 */
export function IssueTokenDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  return created ? (
    <IssuedToken created={created} onClose={onClose} />
  ) : (
    <TokenNameForm onClose={onClose} onIssued={setCreated} />
  );
}

function TokenNameForm({ onClose, onIssued }: { onClose: () => void; onIssued: (t: CreatedScimToken) => void }) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const formError = useFormError();
  const issue = useIssueScimToken();
  const { register, handleSubmit, formState, setError, setFocus } = useForm({
    defaultValues: { name: '' },
    resolver,
  });
  // After the dialog has opened (and focused its first button): the name is what is there to type.
  useEffect(() => setFocus('name'), [setFocus]);
  const submit = handleSubmit(async (body) => {
    try {
      onIssued(await issue.mutateAsync(body));
    } catch (error) {
      if (showServerError(error, setError, ['name'])) return;
      const message =
        error instanceof ApiError && error.code === 'ScimTokenLimitReached'
          ? t('errors.ScimTokenLimitReached', { max: SCIM_TOKENS_LIVE_MAX })
          : errorText(t, error);
      setError('root', { message });
    }
  });
  return (
    <Dialog
      title={t('scim.issue.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} loading={formState.isSubmitting}>
            {t('scim.issue.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <TextField
          label={t('scim.issue.name')}
          hint={t('scim.issue.nameHint')}
          autoComplete="off"
          error={formError(formState.errors.name)}
          {...register('name')}
        />
        <ErrorText alert>{formState.errors.root?.message}</ErrorText>
      </form>
    </Dialog>
  );
}

/** The token, this once: copied into the directory's settings now, or issued again later. */
function IssuedToken({ created, onClose }: { created: CreatedScimToken; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const warningId = useId();
  return (
    <Dialog
      title={t('scim.issued.title', { name: created.name })}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('scim.issued.done')}</Button>}
    >
      <div className="scim-issued">
        <p id={warningId} className="scim-warning">
          <strong>{t('scim.issued.warningTitle')}</strong> {t('scim.issued.warning')}
        </p>
        {/* The form that had the focus is gone: the copy button takes it, the warning read out with it. */}
        <CopyValue
          label={t('scim.issued.token')}
          value={created.token}
          copyLabel={t('scim.issued.copy')}
          describedBy={warningId}
          focusCopy
        />
      </div>
    </Dialog>
  );
}

import { API_PREFIX, api, type IdentityProvider } from '@kanal/contract';
import { type FormEvent, type ReactNode, useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { CopyValue } from '@/console/components/copy-value';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { pathOf } from '@/lib/api-path';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { type ProviderFormValues, serverFields, valuesOf } from '../lib/provider-values';
import { AttributeClaims } from './provider-attributes';
import { DomainsField, useDomainInput } from './provider-domains';
import { GroupMappings } from './provider-groups';
import './sso.css';

type Props<Body> = {
  /** The provider being changed; none for a new one. */
  provider?: IdentityProvider;
  resolver: Resolver<ProviderFormValues, unknown, Body>;
  submitLabel: string;
  /** The page's way out (a link back), beside the submit button. */
  cancel: ReactNode;
  /** Resolves with the saved provider, whose values the form then holds; a refusal is shown at its field. */
  onSubmit: (body: Body) => Promise<IdentityProvider>;
};

/**
 * An identity provider's settings: how to reach it, whom it signs in, which groups its claim maps to, and
 * which claims carry the person's attributes.
 */
export function ProviderForm<Body>({ provider, resolver, submitLabel, cancel, onSubmit }: Props<Body>) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const connectionId = useId();
  const peopleId = useId();
  const groupsId = useId();
  const form = useForm<ProviderFormValues, unknown, Body>({ defaultValues: valuesOf(provider), resolver });
  const { register, handleSubmit, formState, setError, reset, getValues } = form;
  const domains = useDomainInput(form);
  const save = handleSubmit(async (body) => {
    try {
      reset(valuesOf(await onSubmit(body)));
    } catch (error) {
      if (!showServerError(error, setError, serverFields(getValues('groups').length))) {
        setError('root', { message: errorText(t, error) });
      }
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A domain typed but not yet added is meant to be saved with the rest; one that is no domain stops here.
    if (!domains.add()) {
      event.preventDefault();
      return;
    }
    void save(event);
  };

  return (
    <form className="form sso-form" noValidate onSubmit={submit}>
      <section className="console-panel" aria-labelledby={connectionId}>
        <h2 id={connectionId} className="console-panel__title">
          {t('sso.form.connection')}
        </h2>
        <TextField
          label={t('sso.form.name')}
          hint={t('sso.form.nameHint')}
          autoComplete="off"
          error={formError(formState.errors.name)}
          {...register('name')}
        />
        <TextField
          label={t('sso.form.issuer')}
          hint={t('sso.form.issuerHint')}
          type="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formError(formState.errors.issuer)}
          {...register('issuer')}
        />
        <TextField
          label={t('sso.form.clientId')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formError(formState.errors.clientId)}
          {...register('clientId')}
        />
        <PasswordField
          label={t('sso.form.clientSecret')}
          hint={t(provider ? 'sso.form.clientSecretKeepHint' : 'sso.form.clientSecretHint')}
          // Not the admin's own password: "new-password" keeps the browser from filling that in here.
          autoComplete="new-password"
          error={formError(formState.errors.clientSecret)}
          {...register('clientSecret')}
        />
        <CopyValue
          value={provider?.redirectUri ?? callbackUrl()}
          label={t('sso.form.redirectUri')}
          hint={t('sso.form.redirectUriHint')}
          copyLabel={t('sso.form.copy')}
        />
        <CopyValue
          value={provider?.postLogoutRedirectUri ?? loginUrl()}
          label={t('sso.form.postLogoutRedirectUri')}
          hint={t('sso.form.postLogoutRedirectUriHint')}
          copyLabel={t('sso.form.copy')}
        />
        <OptionField label={t('sso.form.enabled')} hint={t('sso.form.enabledHint')} {...register('enabled')} />
      </section>

      <section className="console-panel" aria-labelledby={peopleId}>
        <h2 id={peopleId} className="console-panel__title">
          {t('sso.form.people')}
        </h2>
        <DomainsField input={domains} />
        <OptionField
          label={t('sso.form.createPeople')}
          hint={t('sso.form.createPeopleHint')}
          {...register('createPeople')}
        />
        <OptionField
          label={t('sso.form.passwordsAllowed')}
          hint={t('sso.form.passwordsAllowedHint')}
          {...register('passwordsAllowed')}
        />
      </section>

      <section className="console-panel" aria-labelledby={groupsId}>
        <h2 id={groupsId} className="console-panel__title">
          {t('sso.form.groups')}
        </h2>
        <p className="form__intro">{t('sso.form.groupsIntro')}</p>
        <TextField
          label={t('sso.form.groupsClaim')}
          hint={t('sso.form.groupsClaimHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formError(formState.errors.groupsClaim)}
          {...register('groupsClaim')}
        />
        <GroupMappings form={form} />
      </section>

      <AttributeClaims form={form} />

      <ErrorText alert>{formState.errors.root?.message}</ErrorText>
      <div className="form__actions">
        {cancel}
        <Button type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * Where a new provider sends people back: the server names it with each saved provider, and before the
 * first save it is the API's callback on this origin (the web app is served by the API it calls).
 */
const callbackUrl = () => `${window.location.origin}${API_PREFIX}${pathOf(api.ssoCallback)}`;
/** Where the provider sends people back after signing them out, likewise: this origin's login screen. */
const loginUrl = () => `${window.location.origin}/login`;

/** A checkbox with a sentence on what it does. */
function OptionField({ hint, ...checkbox }: Parameters<typeof Checkbox>[0] & { hint: string }) {
  const hintId = useId();
  return (
    <div className="field">
      <Checkbox aria-describedby={hintId} {...checkbox} />
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

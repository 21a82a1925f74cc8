import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_PREFIX,
  api,
  type CreateIdentityProviderBody,
  CreateIdentityProviderBodySchema,
  type Group,
  type IdentityProvider,
  IdentityProviderSettingsSchema,
  SSO_DOMAINS_MAX,
  SSO_GROUP_MAPPINGS_MAX,
  SsoDomainSchema,
  type UpdateIdentityProviderBody,
} from '@kanal/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type FieldError,
  type Resolver,
  type UseFormReturn,
  useController,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { PasswordField } from '@/components/form/password-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useAllGroups } from '@/console/api/groups';
import { ChosenChips } from '@/console/components/chosen-chips';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { pathOf } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import './sso.css';

/** As the inputs hold it: an empty secret or groups claim is text, a mapping's group its id as text. */
type ProviderFormValues = {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  groupsClaim: string;
  groups: { value: string; groupId: string }[];
  createPeople: boolean;
  passwordsAllowed: boolean;
  enabled: boolean;
};
/** The form's own methods, whichever body it sends (a new provider's or a change). */
type ProviderFormMethods<Body> = UseFormReturn<ProviderFormValues, unknown, Body>;

const valuesOf = (provider: IdentityProvider | undefined): ProviderFormValues => ({
  name: provider?.name ?? '',
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  domains: provider?.domains ?? [],
  groupsClaim: provider?.groupsClaim ?? '',
  groups: (provider?.groups ?? []).map(({ value, groupId }) => ({ value, groupId: String(groupId) })),
  // A new provider adds no one by itself and locks no one out of their password until the admin says so.
  createPeople: provider?.createPeople ?? false,
  passwordsAllowed: provider?.passwordsAllowed ?? true,
  enabled: provider?.enabled ?? true,
});

const toBody = ({ clientSecret: _, groupsClaim, groups, ...values }: ProviderFormValues) => ({
  ...values,
  groupsClaim: groupsClaim.trim() || null,
  groups: groups.map(({ value, groupId }) => ({ value, groupId: Number(groupId) })),
});

// The contract's rules, checked on what the API will receive: a new provider's whole body, or a change.
const checkNew = zodResolver(CreateIdentityProviderBodySchema);
const checkChange = zodResolver(IdentityProviderSettingsSchema);
export const newProviderResolver: Resolver<ProviderFormValues, unknown, CreateIdentityProviderBody> = (
  values,
  context,
  options,
) => checkNew({ ...toBody(values), clientSecret: values.clientSecret }, context, options as never) as never;
// The stored secret is never answered, so an empty field on a provider's page means "keep it".
export const providerChangeResolver: Resolver<ProviderFormValues, unknown, UpdateIdentityProviderBody> = (
  values,
  context,
  options,
) => {
  const secret = values.clientSecret === '' ? {} : { clientSecret: values.clientSecret };
  return checkChange({ ...toBody(values), ...secret }, context, options as never) as never;
};

/** Where a refused save's field is shown: the provider's own fields and each mapping's. */
const serverFields = (mappings: number) => [
  'name',
  'issuer',
  'clientId',
  'clientSecret',
  'domains',
  'groupsClaim',
  'groups',
  ...Array.from({ length: mappings }, (_, index) => [`groups.${index}.value`, `groups.${index}.groupId`]).flat(),
];

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

/** An identity provider's settings: how to reach it, whom it signs in, and which groups its claim maps to. */
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
        <RedirectUri uri={provider?.redirectUri ?? callbackUrl()} />
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

/**
 * The address the admin registers at the provider, as text that wraps (a phone shows all of it), with a
 * button that copies it.
 */
function RedirectUri({ uri }: { uri: string }) {
  const { t } = useTranslation('admin');
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(uri);
      showToast(t('sso.form.copied'));
    } catch {
      // No clipboard outside a secure context, or permission refused: one click selects the address instead.
      setCopyFailed(true);
    }
  };
  return (
    <fieldset className="form__group sso-redirect">
      <legend className="field__label">{t('sso.form.redirectUri')}</legend>
      <code className="sso-redirect__uri">{uri}</code>
      <p className="field__hint">{t('sso.form.redirectUriHint')}</p>
      <Button variant="secondary" onClick={() => void copy()}>
        {t('sso.form.copy')}
      </Button>
      <ErrorText alert>{copyFailed ? t('sso.form.copyFailed') : undefined}</ErrorText>
    </fieldset>
  );
}

type DomainInput = ReturnType<typeof useDomainInput>;

/**
 * The provider's e-mail domains: one typed at a time and added to the list (checked, lowercased, once
 * each), removed from it as chips. The list is the form's `domains`; a refusal of it is shown at the input.
 */
function useDomainInput<Body>(form: ProviderFormMethods<Body>) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const { field, fieldState } = useController({ control: form.control, name: 'domains' });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();

  const change = (domains: string[]) => {
    field.onChange(domains);
    form.clearErrors('domains');
  };
  /** Adds what is typed (nothing typed is fine); false when it is no domain, or there is no room. */
  const add = (): boolean => {
    if (text.trim() === '') return true;
    const parsed = SsoDomainSchema.safeParse(text);
    if (!parsed.success) {
      setProblem(formError({ type: 'domain', message: parsed.error.issues[0]?.message }));
      return false;
    }
    if (!field.value.includes(parsed.data)) {
      if (field.value.length >= SSO_DOMAINS_MAX) {
        setProblem(t('sso.form.domainsFull', { max: SSO_DOMAINS_MAX }));
        return false;
      }
      change([...field.value, parsed.data]);
    }
    setText('');
    return true;
  };
  return {
    domains: field.value,
    text,
    type: (value: string) => {
      setText(value);
      setProblem(undefined);
    },
    add,
    remove: (index: number) => change(field.value.filter((_, at) => at !== index)),
    error: problem ?? formError(fieldState.error as FieldError | undefined),
    ref: field.ref,
  };
}

function DomainsField({ input }: { input: DomainInput }) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div ref={wrapper} className={input.error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {t('sso.form.domains')}
      </label>
      <p id={hintId} className="field__hint">
        {t('sso.form.domainsHint')}
      </p>
      <div className="sso-domains__add">
        <input
          ref={input.ref}
          id={inputId}
          className="field__input"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="firma.hr"
          aria-invalid={input.error ? true : undefined}
          aria-describedby={input.error ? `${errorId} ${hintId}` : hintId}
          value={input.text}
          onInput={(event) => input.type(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter adds the domain, not the whole form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            input.add();
          }}
        />
        <Button variant="secondary" onClick={() => input.add()}>
          {t('sso.form.addDomain')}
        </Button>
      </div>
      <ErrorText id={errorId}>{input.error}</ErrorText>
      <ChosenChips
        items={input.domains.map((name, id) => ({ id, name }))}
        label={t('sso.form.domainList')}
        removeLabel={(name) => t('sso.form.removeDomain', { name })}
        empty={t('sso.form.noDomains')}
        fallback={wrapper}
        onRemove={input.remove}
      />
    </div>
  );
}

/** Which groups the provider's claim puts people into: the organisation's groups are the choices. */
function GroupMappings<Body>({ form }: { form: ProviderFormMethods<Body> }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const titleId = useId();
  const groups = useAllGroups();
  const { errors } = form.formState;
  // The rows wait for the choices: a select drawn without its options would show another group.
  const rows = groups.isPending ? (
    <p role="status">{t('sso.form.groupsLoading')}</p>
  ) : groups.isError ? (
    <ErrorView message={t('sso.form.groupsFailed')} onRetry={() => void groups.refetch()} />
  ) : groups.data.length === 0 ? (
    <p className="field__hint">{t('sso.form.noGroups')}</p>
  ) : (
    <MappingRows form={form} groups={groups.data} titleId={titleId} />
  );
  return (
    <div className="form__group">
      <h3 id={titleId} className="field__label sso-mappings__title">
        {t('sso.form.mappings')}
      </h3>
      {rows}
      <ErrorText>{formError(errors.groups?.root ?? (errors.groups as FieldError | undefined))}</ErrorText>
    </div>
  );
}

/** Rows of "this value of the claim → that group", added and removed. */
function MappingRows<Body>({
  form,
  groups,
  titleId,
}: {
  form: ProviderFormMethods<Body>;
  groups: Group[];
  titleId: string;
}) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'groups' });
  const { errors } = form.formState;
  const rows = useRef<HTMLDivElement>(null);
  const removedAt = useRef<number | null>(null);
  // After a removal the next row's remove button takes the focus, or the last one's, or the add button.
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = rows.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [];
    (
      buttons[Math.min(index, buttons.length - 1)] ?? rows.current?.querySelector<HTMLButtonElement>('[data-add]')
    )?.focus();
  });

  return (
    <div ref={rows} className="form__group">
      {fields.length > 0 ? (
        <ol className="sso-mappings" aria-labelledby={titleId}>
          {fields.map((mapping, index) => (
            <li key={mapping.id} className="sso-mapping">
              <TextField
                label={t('sso.form.claimValue')}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                error={formError(errors.groups?.[index]?.value)}
                {...form.register(`groups.${index}.value`)}
              />
              <SelectField
                label={t('sso.form.group')}
                error={formError(errors.groups?.[index]?.groupId)}
                {...form.register(`groups.${index}.groupId`)}
              >
                {groups.map((group) => (
                  <option key={group.id} value={String(group.id)}>
                    {group.name}
                  </option>
                ))}
              </SelectField>
              <Button
                variant="secondary"
                className="sso-mapping__remove"
                data-remove
                aria-label={t('sso.form.removeMappingNamed', { number: index + 1 })}
                onClick={() => {
                  removedAt.current = index;
                  remove(index);
                }}
              >
                {t('sso.form.removeMapping')}
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="field__hint">{t('sso.form.noMappings')}</p>
      )}
      <Button
        variant="secondary"
        className="sso-mappings__add"
        data-add
        disabled={fields.length >= SSO_GROUP_MAPPINGS_MAX}
        // A new row starts on the first group, so it never holds a group that is not a choice.
        onClick={() => append({ value: '', groupId: String(groups[0]?.id) })}
      >
        {t('sso.form.addMapping')}
      </Button>
    </div>
  );
}

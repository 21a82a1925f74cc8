import { SSO_DOMAINS_MAX, SsoDomainSchema } from '@kanal/contract';
import { useId, useRef, useState } from 'react';
import { type FieldError, useController } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { ChosenChips } from '@/console/components/chosen-chips';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { ProviderFormMethods } from '../lib/provider-values';

export type DomainInput = ReturnType<typeof useDomainInput>;

/**
 * The provider's e-mail domains: one typed at a time and added to the list (checked, lowercased, once
 * each), removed from it as chips. The list is the form's `domains`; a refusal of it is shown at the input.
 */
export function useDomainInput<Body>(form: ProviderFormMethods<Body>) {
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

export function DomainsField({ input }: { input: DomainInput }) {
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

import { SSO_CLAIMED_ATTRIBUTES } from '@kanal/contract';
import { useId } from 'react';
import { TextField } from '@/components/form/text-field';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { ProviderFormMethods } from '../lib/provider-values';

/**
 * Which of the provider's claims carries each person attribute (department, location, job title, employee
 * number, start date): set from them at every sign-in. An empty field maps none.
 */
export function AttributeClaims<Body>({ form }: { form: ProviderFormMethods<Body> }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const titleId = useId();
  const errors = form.formState.errors.attributeClaims;
  return (
    <section className="console-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="console-panel__title">
        {t('sso.form.attributes')}
      </h2>
      <p className="form__intro">{t('sso.form.attributesIntro')}</p>
      {SSO_CLAIMED_ATTRIBUTES.map((attribute) => (
        <TextField
          key={attribute}
          label={t(`sso.form.attributeClaim.${attribute}`)}
          hint={t(`sso.form.attributeClaimHint.${attribute}`)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formError(errors?.[attribute])}
          {...form.register(`attributeClaims.${attribute}`)}
        />
      ))}
    </section>
  );
}

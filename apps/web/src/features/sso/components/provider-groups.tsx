import { type Group, SSO_GROUP_MAPPINGS_MAX } from '@kanal/contract';
import { useEffect, useId, useRef } from 'react';
import { type FieldError, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useAllGroups } from '@/console/api/groups';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { ProviderFormMethods } from '../lib/provider-values';

/** Which groups the provider's claim puts people into: the organisation's groups are the choices. */
export function GroupMappings<Body>({ form }: { form: ProviderFormMethods<Body> }) {
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

import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminUser, type CreateUserBody, CreateUserBodySchema, grantableRoles, type Role } from '@kanal/contract';
import type { ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useAllGroups } from '@/console/api/groups';
import { useConsole } from '@/console/lib/console-context';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { errorText } from '@/lib/errors';
import './user-form.css';

/** As the inputs hold it: an empty field is text, a ticked group its id as text. */
type UserFormValues = { name: string; email: string; username: string; phone: string; role: Role; groupIds: string[] };

const toBody = (values: UserFormValues) => ({
  name: values.name,
  email: values.email.trim() || null,
  username: values.username.trim() || null,
  phone: values.phone.trim() || null,
  role: values.role,
  groupIds: values.groupIds.map(Number),
});

// The contract's rules, checked on what the API will receive (an empty e-mail is none, not an invalid one).
const schemaResolver = zodResolver(CreateUserBodySchema);
const resolver: Resolver<UserFormValues, unknown, CreateUserBody> = (values, context, options) =>
  schemaResolver(toBody(values), context, options as never) as never;

const FIELDS = ['name', 'email', 'username', 'phone', 'role', 'groupIds'] as const;

type Props = {
  /** The person being edited; none for a new one. */
  user?: AdminUser;
  submitLabel: string;
  pending: boolean;
  /** Resolves when saved; a refusal is shown beside its field, or above the buttons. */
  onSubmit: (body: CreateUserBody) => Promise<unknown>;
  /** The page's way out (a link back), beside the submit button. */
  cancel?: ReactNode;
};

/** A person's details: who they are, how they sign in, their role and their groups. */
export function UserForm({ user, submitLabel, pending, onSubmit, cancel }: Props) {
  const { t } = useTranslation('admin');
  const { me, canEdit } = useConsole();
  const formError = useFormError();
  const groups = useAllGroups();
  const own = user?.id === me.id;
  const { register, handleSubmit, formState, setError } = useForm<UserFormValues, unknown, CreateUserBody>({
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      username: user?.username ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? 'USER',
      groupIds: (user?.groups ?? []).map((group) => String(group.id)),
    },
    resolver,
  });
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      if (!showServerError(error, setError, FIELDS)) setError('root', { message: errorText(t, error) });
    }
  });
  // One's own role, and a role the caller may not grant (a SUPERADMIN seen by an ADMIN), is the only choice.
  const roles = grantableRoles(me.role);
  const roleLocked = own || (user !== undefined && !roles.includes(user.role));

  return (
    <form className="form user-form" noValidate onSubmit={submit}>
      <fieldset className="user-form__fields" disabled={!canEdit}>
        <TextField
          label={t('users.form.name')}
          autoComplete="off"
          error={formError(formState.errors.name)}
          {...register('name')}
        />
        <TextField
          label={t('users.form.email')}
          type="email"
          autoComplete="off"
          hint={t('users.form.emailHint')}
          error={formError(formState.errors.email)}
          {...register('email')}
        />
        <TextField
          label={t('users.form.username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('users.form.usernameHint')}
          error={formError(formState.errors.username)}
          {...register('username')}
        />
        <TextField
          label={t('users.form.phone')}
          type="tel"
          autoComplete="off"
          error={formError(formState.errors.phone)}
          {...register('phone')}
        />
        <SelectField label={t('users.form.role')} error={formError(formState.errors.role)} {...register('role')}>
          {(roleLocked && user ? [user.role] : roles).map((role) => (
            <option key={role} value={role}>
              {t(`console.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <fieldset className="user-form__groups">
          <legend className="field__label">{t('users.form.groups')}</legend>
          {groups.data?.length === 0 ? <p className="field__hint">{t('users.form.noGroups')}</p> : null}
          <div className="user-form__group-list">
            {(groups.data ?? []).map((group) => (
              <Checkbox key={group.id} label={group.name} value={String(group.id)} {...register('groupIds')} />
            ))}
          </div>
        </fieldset>
      </fieldset>
      <ErrorText alert>{formState.errors.root?.message}</ErrorText>
      {canEdit ? (
        <div className="form__actions">
          {cancel}
          <Button type="submit" loading={pending || formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminUser,
  type AttributeValue,
  type CreateUserBody,
  CreateUserBodySchema,
  grantableRoles,
  type Role,
  START_DATE_RANGE,
} from '@kanal/contract';
import { type ReactNode, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useAllGroups } from '@/console/api/groups';
import { useConsole } from '@/console/lib/console-context';
import { showServerError, useFormError } from '@/console/lib/form-errors';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useAttributeValues } from '../../api/attributes';
import { type ManagerChoice, ManagerPicker } from './manager-picker';
import './user-form.css';

/** As the inputs hold it: an empty field is text, a ticked group its id as text, a date YYYY-MM-DD or empty. */
type UserFormValues = {
  name: string;
  email: string;
  username: string;
  phone: string;
  role: Role;
  groupIds: string[];
  department: string;
  location: string;
  jobTitle: string;
  employeeNumber: string;
  managerId: number | null;
  startDate: string;
};

// The attribute texts go as typed: the contract trims them and takes an empty one as none.
const toBody = (values: UserFormValues) => ({
  name: values.name,
  email: values.email.trim() || null,
  username: values.username.trim() || null,
  phone: values.phone.trim() || null,
  role: values.role,
  groupIds: values.groupIds.map(Number),
  department: values.department,
  location: values.location,
  jobTitle: values.jobTitle,
  employeeNumber: values.employeeNumber,
  managerId: values.managerId,
  startDate: values.startDate || null,
});

// The contract's rules, checked on what the API will receive (an empty e-mail is none, not an invalid one).
const schemaResolver = zodResolver(CreateUserBodySchema);
const resolver: Resolver<UserFormValues, unknown, CreateUserBody> = (values, context, options) =>
  schemaResolver(toBody(values), context, options as never) as never;

const FIELDS = [
  'name',
  'email',
  'username',
  'phone',
  'role',
  'groupIds',
  'department',
  'location',
  'jobTitle',
  'employeeNumber',
  'managerId',
  'startDate',
] as const;

/** The values an attribute has in the organisation, offered as the field is typed (one spelling for one department). */
function Suggestions({ id, values }: { id: string; values: AttributeValue[] | undefined }) {
  return (
    <datalist id={id}>
      {(values ?? []).map(({ value }) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

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

/** A person's details: who they are, how they sign in, their role, their groups and their employment. */
export function UserForm({ user, submitLabel, pending, onSubmit, cancel }: Props) {
  const { t } = useTranslation('admin');
  const { me, canEdit } = useConsole();
  const formError = useFormError();
  const groups = useAllGroups();
  const attributeValues = useAttributeValues();
  const listId = useId();
  const [manager, setManager] = useState<ManagerChoice | null>(user?.manager ?? null);
  const own = user?.id === me.id;
  const { register, handleSubmit, formState, setError, setValue } = useForm<UserFormValues, unknown, CreateUserBody>({
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      username: user?.username ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? 'USER',
      groupIds: (user?.groups ?? []).map((group) => String(group.id)),
      department: user?.department ?? '',
      location: user?.location ?? '',
      jobTitle: user?.jobTitle ?? '',
      employeeNumber: user?.employeeNumber ?? '',
      managerId: user?.manager?.id ?? null,
      startDate: user?.startDate ?? '',
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
        <fieldset className="user-form__work">
          <legend className="user-form__legend">{t('users.form.work')}</legend>
          <TextField
            label={t('users.form.jobTitle')}
            autoComplete="off"
            list={`${listId}-job-titles`}
            error={formError(formState.errors.jobTitle)}
            {...register('jobTitle')}
          />
          <TextField
            label={t('users.form.department')}
            autoComplete="off"
            list={`${listId}-departments`}
            error={formError(formState.errors.department)}
            {...register('department')}
          />
          <TextField
            label={t('users.form.location')}
            autoComplete="off"
            list={`${listId}-locations`}
            error={formError(formState.errors.location)}
            {...register('location')}
          />
          <TextField
            label={t('users.form.employeeNumber')}
            autoComplete="off"
            spellCheck={false}
            error={formError(formState.errors.employeeNumber)}
            {...register('employeeNumber')}
          />
          <TextField
            label={t('users.form.startDate')}
            type="date"
            min={START_DATE_RANGE.min}
            max={START_DATE_RANGE.max}
            error={formError(formState.errors.startDate)}
            {...register('startDate')}
          />
          <div className="user-form__manager">
            <ManagerPicker
              value={manager}
              personId={user?.id}
              disabled={!canEdit}
              error={formError(formState.errors.managerId)}
              onChange={(next) => {
                setManager(next);
                setValue('managerId', next?.id ?? null, { shouldDirty: true });
              }}
            />
          </div>
          <Suggestions id={`${listId}-job-titles`} values={attributeValues.data?.jobTitles} />
          <Suggestions id={`${listId}-departments`} values={attributeValues.data?.departments} />
          <Suggestions id={`${listId}-locations`} values={attributeValues.data?.locations} />
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

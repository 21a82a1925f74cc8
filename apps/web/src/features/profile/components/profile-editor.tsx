import { zodResolver } from '@hookform/resolvers/zod';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  type EmailBody,
  EmailBodySchema,
  type Me,
  PASSWORD_TOKEN_TTL_MS,
  type ProfileDetailsForm,
  ProfileDetailsFormSchema,
} from '@kanal/contract';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { FileButton } from '@/components/form/file-button';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { fileUrl } from '@/lib/file-url';
import { useFieldError } from '@/lib/hooks/use-field-error';
import { useTranslation } from '@/lib/i18n';
import { useRequestEmailChange, useUpdateDetails, useUploadAvatar } from '../api/update-profile';
import './profile-editor.css';

const detailsResolver = zodResolver(ProfileDetailsFormSchema);
const emailResolver = zodResolver(EmailBodySchema);

/** One card of the profile screen, under its heading. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card card--flat profile-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The picture, or the name's initials in its place. */
function Avatar({ me }: { me: Me }) {
  const initials = me.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return me.avatar ? (
    <img className="profile-avatar" src={fileUrl(me.avatar)} alt="" width="72" height="72" />
  ) : (
    <span className="profile-avatar profile-avatar--initials" aria-hidden="true">
      {initials}
    </span>
  );
}

export function AvatarSection({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const upload = useUploadAvatar(me);
  return (
    <ProfileSection title={t('avatar.title')}>
      <div className="profile-avatar-row">
        <Avatar me={me} />
        <FileButton
          label={t('avatar.change')}
          accept={AVATAR_MIME_TYPES.join(',')}
          hint={t('avatar.hint', { mb: AVATAR_MAX_BYTES / 1024 / 1024 })}
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
      </div>
      {upload.isPending ? <p role="status">{t('avatar.uploading')}</p> : null}
      {upload.isSuccess ? <p role="status">{t('avatar.saved')}</p> : null}
      {upload.error ? <ErrorText alert>{errorText(t, upload.error)}</ErrorText> : null}
    </ProfileSection>
  );
}

export function DetailsSection({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const fieldError = useFieldError();
  const update = useUpdateDetails(me);
  const { register, handleSubmit, formState, setError, reset } = useForm<ProfileDetailsForm>({
    defaultValues: { name: me.name, phone: me.phone ?? '' },
    resolver: detailsResolver,
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      // What was saved is the form's new starting point, so "saved" shows until the next edit.
      onSuccess: () => reset(values),
      onError: (error) => {
        // The server's refusal of one field is shown beside it.
        if (error instanceof ApiError && (error.field === 'name' || error.field === 'phone')) {
          setError(error.field, { message: errorText(t, error) });
        }
      },
    }),
  );
  const refusedField = update.error instanceof ApiError && update.error.field;
  return (
    <ProfileSection title={t('details.title')}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('details.name')}
          autoComplete="name"
          error={fieldError(formState.errors.name)}
          {...register('name')}
        />
        <TextField
          label={t('details.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('details.phoneHint')}
          error={fieldError(formState.errors.phone)}
          {...register('phone')}
        />
        {update.error && !refusedField ? <ErrorText alert>{errorText(t, update.error)}</ErrorText> : null}
        {update.isSuccess && !formState.isDirty ? <p role="status">{t('details.saved')}</p> : null}
        <div className="form__actions">
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}

export function EmailSection({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const fieldError = useFieldError();
  const request = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<EmailBody>({
    defaultValues: { email: '', password: '' },
    resolver: emailResolver,
  });
  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        setSentTo(values.email);
        reset();
      },
    }),
  );
  const error = request.error;
  return (
    <ProfileSection title={t('email.title')}>
      <p>{me.email ? t('email.current', { email: me.email }) : t('email.none')}</p>
      {sentTo ? (
        <p className="notice" role="status">
          {t('email.sent', { email: sentTo, minutes: PASSWORD_TOKEN_TTL_MS / 60_000 })}
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('email.new')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={
            fieldError(formState.errors.email) ??
            (error instanceof ApiError && error.code === 'EmailTaken' ? errorText(t, error) : undefined)
          }
          {...register('email')}
        />
        <PasswordField
          label={t('email.password')}
          autoComplete="current-password"
          hint={t('email.passwordHint')}
          error={
            fieldError(formState.errors.password) ??
            (error instanceof ApiError && error.code === 'InvalidPassword' ? errorText(t, error) : undefined)
          }
          {...register('password')}
        />
        {error && !(error instanceof ApiError && ['EmailTaken', 'InvalidPassword'].includes(error.code)) ? (
          <ErrorText alert>{errorText(t, error)}</ErrorText>
        ) : null}
        <div className="form__actions">
          <Button type="submit" loading={request.isPending}>
            {t('email.submit')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}

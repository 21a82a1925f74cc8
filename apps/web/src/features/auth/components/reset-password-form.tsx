import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGE_PARAMS,
  ResetPasswordFormSchema,
  type ResetPasswordForm as ResetPasswordValues,
} from '@kanal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { PasswordField } from '@/components/password-field';
import { serverMessage } from '@/lib/errors';
import { useFieldError } from '@/lib/use-field-error';
import { useResetPassword } from '../api/reset-password';

const resolver = zodResolver(ResetPasswordFormSchema);

export function ResetPasswordForm({ token, purpose }: { token: string; purpose: 'reset' | 'welcome' }) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const reset = useResetPassword();
  const { register, handleSubmit, formState } = useForm<ResetPasswordValues>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver,
  });

  if (reset.isSuccess) {
    return (
      <div className="notice" role="status">
        <h2 className="notice__title">{t(`${purpose}.successTitle`)}</h2>
        <p>{t(`${purpose}.successText`)}</p>
        <Link to="/login" replace className="button button--primary button--block">
          {t(`${purpose}.toLogin`)}
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit((values) => reset.mutate({ token, password: values.password }));

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p className="form__intro">{t(`${purpose}.intro`, MESSAGE_PARAMS)}</p>
      <PasswordField
        label={t(`${purpose}.password`)}
        autoComplete="new-password"
        error={fieldError(formState.errors.password)}
        {...register('password')}
      />
      <PasswordField
        label={t(`${purpose}.confirmPassword`)}
        autoComplete="new-password"
        error={fieldError(formState.errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {reset.error ? (
        <div className="form__alert">
          <ErrorText alert>{serverMessage(t, reset.error)}</ErrorText>
          <Link to="/forgot-password" className="link">
            {t('login.forgotPassword')}
          </Link>
        </div>
      ) : null}
      <Button type="submit" block loading={reset.isPending || formState.isSubmitting}>
        {t(`${purpose}.submit`)}
      </Button>
    </form>
  );
}

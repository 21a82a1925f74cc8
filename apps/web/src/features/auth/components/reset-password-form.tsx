import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGE_PARAMS,
  ResetPasswordFormSchema,
  type ResetPasswordForm as ResetPasswordValues,
} from '@kanal/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { PasswordField } from '@/components/form/password-field';
import { serverMessage } from '@/lib/errors';
import { useFieldError } from '@/lib/hooks/use-field-error';
import { useTranslation } from '@/lib/i18n';
import { useActivate } from '../api/activate';
import { useResetPassword } from '../api/reset-password';

const resolver = zodResolver(ResetPasswordFormSchema);

/**
 * A mailed link's page, where the person who opened it chooses a password: a new one (`reset`), a new
 * person's first (`welcome`), or the first one they asked for at sign-in (`activate`, which signs in).
 */
export function ResetPasswordForm({ token, purpose }: { token: string; purpose: 'reset' | 'welcome' | 'activate' }) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const resetting = useResetPassword();
  const activating = useActivate();
  const reset = purpose === 'activate' ? activating : resetting;
  const { register, handleSubmit, formState } = useForm<ResetPasswordValues>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver,
  });

  if (resetting.isSuccess) {
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

  const onSubmit = handleSubmit((values) => {
    if (purpose === 'activate') {
      activating.mutate({ token, password: values.password }, { onSuccess: () => navigate('/', { replace: true }) });
    } else resetting.mutate({ token, password: values.password });
  });

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
          {purpose === 'activate' ? (
            <Link to="/login" replace className="link">
              {t('activate.toLogin')}
            </Link>
          ) : (
            <Link to="/forgot-password" className="link">
              {t('login.forgotPassword')}
            </Link>
          )}
        </div>
      ) : null}
      <Button type="submit" block loading={reset.isPending || formState.isSubmitting}>
        {t(`${purpose}.submit`)}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordFormSchema, type ChangePasswordForm as ChangePasswordValues } from '@kanal/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { PasswordField } from '@/components/form/password-field';
import { useFieldError } from '@/lib/hooks/use-field-error';
import { useTranslation } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';

const resolver = zodResolver(ChangePasswordFormSchema);

export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const change = useChangePassword();
  const { register, handleSubmit, formState } = useForm<ChangePasswordValues>({
    defaultValues: { old: '', password: '', confirmPassword: '' },
    resolver,
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(
      { old: values.old, new: values.password },
      { onSuccess: () => navigate('/change-password/success', { replace: true }) },
    ),
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <PasswordField
        label={t('changePassword.old')}
        autoComplete="current-password"
        error={fieldError(formState.errors.old)}
        {...register('old')}
      />
      <PasswordField
        label={t('changePassword.new')}
        autoComplete="new-password"
        error={fieldError(formState.errors.password)}
        {...register('password')}
      />
      <PasswordField
        label={t('changePassword.confirm')}
        autoComplete="new-password"
        error={fieldError(formState.errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      {/* Spec point 8: whatever the server's reason, this screen says only that it failed. */}
      {change.error ? <ErrorText alert>{t('errors.SomethingWentWrong')}</ErrorText> : null}
      <div className="form__actions">
        <Link to="/" className="button button--secondary">
          {t('changePassword.cancel')}
        </Link>
        <Button type="submit" loading={change.isPending || formState.isSubmitting}>
          {t('changePassword.submit')}
        </Button>
      </div>
    </form>
  );
}

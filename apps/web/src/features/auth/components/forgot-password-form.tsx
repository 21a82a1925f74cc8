import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordBody, ForgotPasswordBodySchema } from '@kanal/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { TextField } from '@/components/form/text-field';
import { serverMessage } from '@/lib/errors';
import { useFieldError } from '@/lib/hooks/use-field-error';
import { useTranslation } from '@/lib/i18n';
import { useForgotPassword } from '../api/forgot-password';

const resolver = zodResolver(ForgotPasswordBodySchema);

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const request = useForgotPassword();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordBody>({
    defaultValues: { identifier: '' },
    resolver,
  });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => navigate('/forgot-password/success', { state: { identifier: values.identifier } }),
    }),
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p className="form__intro">{t('forgot.intro')}</p>
      <TextField
        label={t('forgot.identifier')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(formState.errors.identifier)}
        {...register('identifier')}
      />
      {request.error ? <ErrorText alert>{serverMessage(t, request.error)}</ErrorText> : null}
      <Button type="submit" block loading={request.isPending || formState.isSubmitting}>
        {t('forgot.submit')}
      </Button>
    </form>
  );
}

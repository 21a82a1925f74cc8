import { zodResolver } from '@hookform/resolvers/zod';
import {
  IdentifyFormSchema,
  LoginFormSchema,
  type LoginForm as LoginFormValues,
  MESSAGE_PARAMS,
  SetupPasswordFormSchema,
} from '@kanal/contract';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorText } from '@/components/error-text';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { serverMessage } from '@/lib/errors';
import { useFieldError } from '@/lib/use-field-error';
import { useHasPassword } from '../api/has-password';
import { useSetupPassword } from '../api/setup-password';
import { useSignIn } from '../api/sign-in';

type Values = LoginFormValues & { confirmPassword: string };
/** identify: only the identifier is known; password: it has one; setup: first login, choose one. */
type Step = 'identify' | 'password' | 'setup';

// One form, three steps: each step checks only the fields it shows, so each resolver sees a subset of Values.
const resolvers = {
  identify: zodResolver(IdentifyFormSchema),
  password: zodResolver(LoginFormSchema),
  setup: zodResolver(SetupPasswordFormSchema),
} as unknown as Record<Step, Resolver<Values>>;

export function LoginForm() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const [checked, setChecked] = useState<{ identifier: string; hasPassword: boolean } | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const stepRef = useRef<Step>('identify');

  const form = useForm<Values>({
    defaultValues: { email: '', password: '', confirmPassword: '', rememberMe: false },
    resolver: (values, context, options) => resolvers[stepRef.current](values, context, options),
  });
  const { register, formState, handleSubmit } = form;
  const email = useWatch({ control: form.control, name: 'email' });

  // Editing the identifier after the check starts over: its answer may differ.
  const step: Step =
    checked && checked.identifier === email.trim() ? (checked.hasPassword ? 'password' : 'setup') : 'identify';
  stepRef.current = step;

  const hasPassword = useHasPassword();
  const signIn = useSignIn();
  const setup = useSetupPassword();
  const active = step === 'identify' ? hasPassword : step === 'password' ? signIn : setup;

  const { setFocus, resetField, clearErrors } = form;
  const { reset: resetSignIn } = signIn;
  const { reset: resetSetup } = setup;
  useEffect(() => {
    if (step === 'identify') {
      resetField('password');
      resetField('confirmPassword');
      resetSignIn();
      resetSetup();
    } else {
      clearErrors();
      setFocus('password');
    }
  }, [step, setFocus, resetField, clearErrors, resetSignIn, resetSetup]);

  const onSubmit = handleSubmit((values) => {
    if (step === 'identify') {
      hasPassword.mutate(
        { identifier: values.email },
        { onSuccess: (result) => setChecked({ identifier: values.email, hasPassword: result.hasPassword }) },
      );
    } else if (step === 'password') {
      signIn.mutate({ email: values.email, password: values.password, rememberMe: values.rememberMe });
    } else {
      setup.mutate(
        { email: values.email, password: values.password, rememberMe: values.rememberMe },
        {
          onSuccess: (result) => {
            if (result.status === 'confirmationSent') setConfirmationSent(true);
          },
        },
      );
    }
  });

  if (confirmationSent) {
    return (
      <div className="notice" role="status">
        <h2 className="notice__title">{t('login.confirmationSentTitle')}</h2>
        <p>{t('login.confirmationSent')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setConfirmationSent(false);
            setChecked(null);
          }}
        >
          {t('forgot.backToLogin')}
        </Button>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p className="form__intro">{step === 'setup' ? t('login.setupIntro', MESSAGE_PARAMS) : t('login.intro')}</p>
      <TextField
        label={t('login.identifier')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(formState.errors.email)}
        {...register('email')}
      />
      {step !== 'identify' ? (
        <PasswordField
          label={step === 'setup' ? t('login.newPassword') : t('login.password')}
          autoComplete={step === 'setup' ? 'new-password' : 'current-password'}
          error={fieldError(formState.errors.password)}
          {...register('password')}
        />
      ) : null}
      {step === 'setup' ? (
        <PasswordField
          label={t('login.confirmPassword')}
          autoComplete="new-password"
          error={fieldError(formState.errors.confirmPassword)}
          {...register('confirmPassword')}
        />
      ) : null}
      <div className="form__row">
        <Checkbox label={t('login.rememberMe')} {...register('rememberMe')} />
        <Link to="/forgot-password" className="link">
          {t('login.forgotPassword')}
        </Link>
      </div>
      {active.error ? <ErrorText alert>{serverMessage(t, active.error)}</ErrorText> : null}
      <Button type="submit" block loading={active.isPending || formState.isSubmitting}>
        {step === 'setup' ? t('login.setupSubmit') : t('login.submit')}
      </Button>
    </form>
  );
}

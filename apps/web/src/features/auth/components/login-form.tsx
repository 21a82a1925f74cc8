import { zodResolver } from '@hookform/resolvers/zod';
import {
  type HasPasswordResult,
  IdentifyFormSchema,
  LoginFormSchema,
  type LoginForm as LoginFormValues,
  MESSAGE_PARAMS,
  SetupWithCodeFormSchema,
} from '@kanal/contract';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { leaveFor } from '@/lib/browser/leave-for';
import { serverMessage } from '@/lib/errors';
import { useFieldError } from '@/lib/hooks/use-field-error';
import { useTranslation } from '@/lib/i18n';
import { useHasPassword } from '../api/has-password';
import { useSetupPassword } from '../api/setup-password';
import { useSignIn } from '../api/sign-in';

type Values = LoginFormValues & { confirmPassword: string; activationCode: string };
/**
 * identify: only the identifier is known; password: it has one; setup: it has none yet, so a link is
 * mailed, on whose page the password is chosen (whoever reads the mailbox chooses it); setupWithCode: a
 * username-only account chooses it here, proving itself with the code its admin handed over.
 */
type Step = 'identify' | 'password' | 'setup' | 'setupWithCode';

// One form, three steps: each step checks only the fields it shows, so each resolver sees a subset of Values.
const resolvers = {
  identify: zodResolver(IdentifyFormSchema),
  password: zodResolver(LoginFormSchema),
  setup: zodResolver(IdentifyFormSchema),
  setupWithCode: zodResolver(SetupWithCodeFormSchema),
} as unknown as Record<Step, Resolver<Values>>;

function stepAfter(result: HasPasswordResult): Step {
  if (result.hasPassword) return 'password';
  return result.activation === 'code' ? 'setupWithCode' : 'setup';
}

const introKey = {
  identify: 'login.intro',
  password: 'login.intro',
  setup: 'login.setupIntro',
  setupWithCode: 'login.setupWithCodeIntro',
} as const;

export function LoginForm() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const [checked, setChecked] = useState<{ identifier: string; result: HasPasswordResult } | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const stepRef = useRef<Step>('identify');

  const form = useForm<Values>({
    defaultValues: { email: '', password: '', confirmPassword: '', activationCode: '', rememberMe: false },
    resolver: (values, context, options) => resolvers[stepRef.current](values, context, options),
  });
  const { register, formState, handleSubmit } = form;
  const email = useWatch({ control: form.control, name: 'email' });

  // Editing the identifier after the check starts over: its answer may differ.
  const step: Step = !checked || checked.identifier !== email.trim() ? 'identify' : stepAfter(checked.result);
  stepRef.current = step;
  const settingUp = step === 'setupWithCode';

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
      resetField('activationCode');
      resetSignIn();
      resetSetup();
    } else {
      clearErrors();
      if (step !== 'setup') setFocus(step === 'setupWithCode' ? 'activationCode' : 'password');
    }
  }, [step, setFocus, resetField, clearErrors, resetSignIn, resetSetup]);

  const onSubmit = handleSubmit((values) => {
    if (step === 'identify') {
      hasPassword.mutate(
        { identifier: values.email },
        {
          // The address's domain signs in through its organisation's provider: off to it (home-realm
          // discovery). `values` holds only what this step's resolver checks, so the checkbox is read apart.
          onSuccess: (result) =>
            result.hasPassword && result.sso
              ? leaveFor(`${result.sso}${form.getValues('rememberMe') ? '?remember=1' : ''}`)
              : setChecked({ identifier: values.email, result }),
        },
      );
    } else if (step === 'password') {
      signIn.mutate({ email: values.email, password: values.password, rememberMe: values.rememberMe });
    } else {
      setup.mutate(
        step === 'setupWithCode'
          ? {
              email: values.email,
              password: values.password,
              rememberMe: values.rememberMe,
              activationCode: values.activationCode,
            }
          : { email: values.email, rememberMe: false },
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
      <p className="form__intro">{t(introKey[step], MESSAGE_PARAMS)}</p>
      <TextField
        label={t('login.identifier')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError(formState.errors.email)}
        {...register('email')}
      />
      {step === 'setupWithCode' ? (
        <TextField
          label={t('login.activationCode')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          error={fieldError(formState.errors.activationCode)}
          {...register('activationCode')}
        />
      ) : null}
      {step === 'password' || settingUp ? (
        <PasswordField
          label={settingUp ? t('login.newPassword') : t('login.password')}
          autoComplete={settingUp ? 'new-password' : 'current-password'}
          error={fieldError(formState.errors.password)}
          {...register('password')}
        />
      ) : null}
      {settingUp ? (
        <PasswordField
          label={t('login.confirmPassword')}
          autoComplete="new-password"
          error={fieldError(formState.errors.confirmPassword)}
          {...register('confirmPassword')}
        />
      ) : null}
      <div className="form__row">
        {step === 'setup' ? null : <Checkbox label={t('login.rememberMe')} {...register('rememberMe')} />}
        <Link to="/forgot-password" className="link">
          {t('login.forgotPassword')}
        </Link>
      </div>
      {active.error ? <ErrorText alert>{serverMessage(t, active.error)}</ErrorText> : null}
      <Button type="submit" block loading={active.isPending || formState.isSubmitting}>
        {settingUp ? t('login.setupSubmit') : step === 'setup' ? t('login.sendLink') : t('login.submit')}
      </Button>
    </form>
  );
}

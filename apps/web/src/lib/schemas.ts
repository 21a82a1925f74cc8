// The contract's form schemas, reached only through dynamic import(): zod then stays in a chunk of its own,
// while the constants and messages the first screen needs come from '@kanal/contract' directly.
export {
  ChangePasswordFormSchema,
  ForgotPasswordBodySchema,
  LoginFormSchema,
  ResetPasswordFormSchema,
  SetupPasswordFormSchema,
} from '@kanal/contract';

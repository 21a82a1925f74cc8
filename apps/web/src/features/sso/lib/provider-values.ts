import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateIdentityProviderBody,
  CreateIdentityProviderBodySchema,
  type IdentityProvider,
  IdentityProviderSettingsSchema,
  SSO_CLAIMED_ATTRIBUTES,
  type SsoClaimedAttribute,
  type UpdateIdentityProviderBody,
} from '@kanal/contract';
import type { Resolver, UseFormReturn } from 'react-hook-form';

// The provider form's model: the values its inputs hold, the bodies the API takes, and the contract's rules
// checked on those bodies before a save.

/**
 * As the inputs hold it: an empty secret or claim name is text, a mapping's group its id as text, and each
 * attribute's claim a name (empty: not mapped).
 */
export type ProviderFormValues = {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  groupsClaim: string;
  groups: { value: string; groupId: string }[];
  attributeClaims: Record<SsoClaimedAttribute, string>;
  createPeople: boolean;
  passwordsAllowed: boolean;
  enabled: boolean;
};
/** The form's own methods, whichever body it sends (a new provider's or a change). */
export type ProviderFormMethods<Body> = UseFormReturn<ProviderFormValues, unknown, Body>;

export const valuesOf = (provider: IdentityProvider | undefined): ProviderFormValues => ({
  name: provider?.name ?? '',
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  domains: provider?.domains ?? [],
  groupsClaim: provider?.groupsClaim ?? '',
  groups: (provider?.groups ?? []).map(({ value, groupId }) => ({ value, groupId: String(groupId) })),
  attributeClaims: {
    department: provider?.attributeClaims.department ?? '',
    location: provider?.attributeClaims.location ?? '',
    jobTitle: provider?.attributeClaims.jobTitle ?? '',
    employeeNumber: provider?.attributeClaims.employeeNumber ?? '',
    startDate: provider?.attributeClaims.startDate ?? '',
  },
  // A new provider adds no one by itself and locks no one out of their password until the admin says so.
  createPeople: provider?.createPeople ?? false,
  passwordsAllowed: provider?.passwordsAllowed ?? true,
  enabled: provider?.enabled ?? true,
});

const toBody = ({ clientSecret: _, groupsClaim, groups, attributeClaims, ...values }: ProviderFormValues) => ({
  ...values,
  groupsClaim: groupsClaim.trim() || null,
  groups: groups.map(({ value, groupId }) => ({ value, groupId: Number(groupId) })),
  // Every attribute, so that a save says the whole mapping (one emptied is no longer mapped).
  attributeClaims: Object.fromEntries(
    SSO_CLAIMED_ATTRIBUTES.map((attribute) => [attribute, attributeClaims[attribute].trim() || null]),
  ),
});

// The contract's rules, checked on what the API will receive: a new provider's whole body, or a change.
const checkNew = zodResolver(CreateIdentityProviderBodySchema);
const checkChange = zodResolver(IdentityProviderSettingsSchema);
export const newProviderResolver: Resolver<ProviderFormValues, unknown, CreateIdentityProviderBody> = (
  values,
  context,
  options,
) => checkNew({ ...toBody(values), clientSecret: values.clientSecret }, context, options as never) as never;
// The stored secret is never answered, so an empty field on a provider's page means "keep it".
export const providerChangeResolver: Resolver<ProviderFormValues, unknown, UpdateIdentityProviderBody> = (
  values,
  context,
  options,
) => {
  const secret = values.clientSecret === '' ? {} : { clientSecret: values.clientSecret };
  return checkChange({ ...toBody(values), ...secret }, context, options as never) as never;
};

/** Where a refused save's field is shown: the provider's own fields, each mapping's and each attribute's claim. */
export const serverFields = (mappings: number) => [
  'name',
  'issuer',
  'clientId',
  'clientSecret',
  'domains',
  'groupsClaim',
  'groups',
  ...Array.from({ length: mappings }, (_, index) => [`groups.${index}.value`, `groups.${index}.groupId`]).flat(),
  ...SSO_CLAIMED_ATTRIBUTES.map((attribute) => `attributeClaims.${attribute}`),
];

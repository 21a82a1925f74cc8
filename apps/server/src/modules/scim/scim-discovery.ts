import { listResponse, MAX_COUNT, resourceNotFound, SCHEMA } from './scim-protocol.js';

// What this server tells a directory of itself (RFC 7643 §5–§7, RFC 7644 §4): the features it has, its two
// resource types, and the attributes of each, which are those it keeps; a directory sending others has them
// ignored (RFC 7644 §3.3).

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  caseExact?: boolean;
  subAttributes?: Attribute[];
  description: string;
};

const attribute = (a: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...a,
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

const valueList = (name: string, description: string) =>
  attribute({
    name,
    type: 'complex',
    multiValued: true,
    description,
    subAttributes: [
      { name: 'value', type: 'string', description: 'The value.' },
      { name: 'type', type: 'string', description: 'Only the "work" value is kept.' },
      { name: 'primary', type: 'boolean', description: 'The value kept, where several are given.' },
    ],
  });

const schemaOf = (id: string, name: string, description: string, attributes: Record<string, unknown>[]) => ({
  schemas: [SCHEMA.schema],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema', location: `/scim/v2/Schemas/${id}` },
});

const USER_SCHEMA = schemaOf(SCHEMA.user, 'User', 'A person of the organisation', [
  attribute({
    name: 'userName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: "The directory's name for the person: an e-mail address, or a username of letters, digits, . _ -.",
  }),
  attribute({
    name: 'name',
    type: 'complex',
    description: 'The name shown, from formatted, or givenName and familyName.',
    subAttributes: [
      { name: 'formatted', type: 'string', description: 'The whole name.' },
      { name: 'givenName', type: 'string', description: 'The given name.' },
      { name: 'familyName', type: 'string', description: 'The family name.' },
    ],
  }),
  attribute({ name: 'displayName', type: 'string', description: 'The name shown; preferred to name.' }),
  attribute({ name: 'active', type: 'boolean', description: 'false deactivates the person and ends their sessions.' }),
  valueList('emails', 'The address mail goes to (the primary or work one).'),
  valueList('phoneNumbers', 'The phone number (the primary or work one).'),
  attribute({ name: 'title', type: 'string', description: "The person's job title." }),
  attribute({
    name: 'addresses',
    type: 'complex',
    multiValued: true,
    description: "Only the work address's locality is kept: the person's location.",
    subAttributes: [
      { name: 'locality', type: 'string', description: 'The city or place.' },
      { name: 'type', type: 'string', description: 'Only the "work" address is read.' },
      { name: 'primary', type: 'boolean', description: 'The address read, where several are given.' },
    ],
  }),
  attribute({
    name: 'groups',
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: "The person's groups; changed through the Groups endpoint.",
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'readOnly', description: 'The group id.' },
      { name: 'display', type: 'string', mutability: 'readOnly', description: 'The group name.' },
    ],
  }),
]);

const ENTERPRISE_SCHEMA = schemaOf(SCHEMA.enterprise, 'EnterpriseUser', 'Enterprise User', [
  attribute({ name: 'department', type: 'string', description: "The person's department." }),
  attribute({ name: 'employeeNumber', type: 'string', description: "The person's employee number." }),
  attribute({
    name: 'manager',
    type: 'complex',
    description: "The person's manager: another user of the organisation, by id.",
    subAttributes: [
      { name: 'value', type: 'string', description: "The manager's id." },
      { name: 'displayName', type: 'string', mutability: 'readOnly', description: "The manager's name." },
    ],
  }),
]);

const GROUP_SCHEMA = schemaOf(SCHEMA.group, 'Group', 'A group of the organisation', [
  attribute({
    name: 'displayName',
    type: 'string',
    required: true,
    uniqueness: 'server',
    description: 'The group name, unique whatever its case or accents.',
  }),
  attribute({
    name: 'members',
    type: 'complex',
    multiValued: true,
    description: 'The people in the group.',
    subAttributes: [
      { name: 'value', type: 'string', mutability: 'immutable', description: 'The person id.' },
      { name: 'display', type: 'string', mutability: 'readOnly', description: "The person's name." },
    ],
  }),
]);

const SCHEMAS = [USER_SCHEMA, ENTERPRISE_SCHEMA, GROUP_SCHEMA];

const RESOURCE_TYPES = [
  {
    schemas: [SCHEMA.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: SCHEMA.user,
    schemaExtensions: [{ schema: SCHEMA.enterprise, required: false }],
    meta: { resourceType: 'ResourceType', location: '/scim/v2/ResourceTypes/User' },
  },
  {
    schemas: [SCHEMA.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    schema: SCHEMA.group,
    meta: { resourceType: 'ResourceType', location: '/scim/v2/ResourceTypes/Group' },
  },
];

export const DISCOVERY = {
  serviceProviderConfig: {
    schemas: [SCHEMA.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "A SCIM token issued in the organisation's console (Directory sync).",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: '/scim/v2/ServiceProviderConfig' },
  },
  resourceTypes: listResponse(RESOURCE_TYPES, RESOURCE_TYPES.length, 1),
  resourceType(id: string) {
    const found = RESOURCE_TYPES.find((type) => type.id === id);
    if (!found) throw resourceNotFound('ResourceType', id);
    return found;
  },
  schemas: listResponse(SCHEMAS, SCHEMAS.length, 1),
  schema(id: string) {
    const found = SCHEMAS.find((schema) => schema.id === id);
    if (!found) throw resourceNotFound('Schema', id);
    return found;
  },
};

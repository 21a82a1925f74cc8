import * as z from 'zod/mini';
import { ATTRIBUTE_MAX_LENGTH } from './constants.js';
import { csvTexts, IdSchema, IdStringSchema } from './envelope.js';

// A person's attributes (issue 31): what an organisation knows of them beyond their account. The console,
// the spreadsheet import and (later) SCIM and sign-in claims set them; item audiences will be rules over them.

/** The attributes, as a body names them. */
export const PERSON_ATTRIBUTES = [
  'department',
  'location',
  'jobTitle',
  'employeeNumber',
  'managerId',
  'startDate',
] as const;
export type PersonAttribute = (typeof PERSON_ATTRIBUTES)[number];
/** The attributes whose values the people list filters by and GET /user/attributes counts. */
export const FILTER_ATTRIBUTES = ['department', 'location', 'jobTitle'] as const;
export type FilterAttribute = (typeof FILTER_ATTRIBUTES)[number];

/** A text attribute: trimmed, at most ATTRIBUTE_MAX_LENGTH characters; empty is none. */
const attributeText = z.pipe(
  z.nullable(z.string().check(z.trim(), z.maxLength(ATTRIBUTE_MAX_LENGTH, { error: 'validation.attributeTooLong' }))),
  z.transform((value) => value || null),
);

/**
 * A day of the calendar from 1900 to 2099, YYYY-MM-DD: a month's last day and 29 February in leap years
 * only (1900 is none). A pattern rather than a check in code, so that the OpenAPI document says it whole
 * and a slip in the year (0202, 2202) is refused there too.
 */
const DAY_PATTERN = new RegExp(
  [
    '^(?:',
    '19(?:0[48]|[2468][048]|[13579][26])-02-29',
    '|20(?:[02468][048]|[13579][26])-02-29',
    '|(?:19|20)\\d\\d-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))',
    ')$',
  ].join(''),
);
export const StartDateSchema = z.string().check(z.regex(DAY_PATTERN, { error: 'validation.invalidDay' }));
/** The first and last days DAY_PATTERN takes (a date input's bounds). */
export const START_DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;

/** A person's attributes in a body; null (or an empty text) is none. */
export const PersonAttributesSchema = z.object({
  department: attributeText,
  location: attributeText,
  jobTitle: attributeText,
  employeeNumber: attributeText,
  /** Another person of the organisation; not the person themselves, nor anyone who reports to them. */
  managerId: z.nullable(IdSchema),
  startDate: z.nullable(StartDateSchema),
});
export type PersonAttributes = z.infer<typeof PersonAttributesSchema>;
/** A new person's attributes in a body: none unless given. */
export const newPersonAttributes = {
  department: z._default(PersonAttributesSchema.shape.department, null),
  location: z._default(PersonAttributesSchema.shape.location, null),
  jobTitle: z._default(PersonAttributesSchema.shape.jobTitle, null),
  employeeNumber: z._default(PersonAttributesSchema.shape.employeeNumber, null),
  managerId: z._default(PersonAttributesSchema.shape.managerId, null),
  startDate: z._default(PersonAttributesSchema.shape.startDate, null),
};
/** Some of a person's attributes: those not named stay as they are. */
export const PersonAttributeChangesSchema = z.partial(PersonAttributesSchema);
export type PersonAttributeChanges = z.infer<typeof PersonAttributeChangesSchema>;
/** As a caller gives them, before the schema trims them and reads an empty text as none. */
export type PersonAttributeChangesInput = z.input<typeof PersonAttributeChangesSchema>;

/** GET /user/attributes: the values of each filter attribute in use, with how many people have each. */
export const AttributeValueSchema = z.object({ value: z.string(), count: z.int() });
export type AttributeValue = z.infer<typeof AttributeValueSchema>;
export const PersonAttributeValuesSchema = z.object({
  departments: z.array(AttributeValueSchema),
  locations: z.array(AttributeValueSchema),
  jobTitles: z.array(AttributeValueSchema),
});
export type PersonAttributeValues = z.infer<typeof PersonAttributeValuesSchema>;

/** The list's filters by attribute: exact values, several comma-separated (a value with a comma in quotes). */
export const attributeFilters = {
  department: csvTexts(ATTRIBUTE_MAX_LENGTH),
  location: csvTexts(ATTRIBUTE_MAX_LENGTH),
  jobTitle: csvTexts(ATTRIBUTE_MAX_LENGTH),
  /** The people whose manager this person is. */
  manager: z.optional(IdStringSchema),
};

const attributeValues = z._default(
  z.array(z.string().check(z.maxLength(ATTRIBUTE_MAX_LENGTH))).check(z.maxLength(50)),
  [],
);
/** The list's filters by attribute, as a JSON body carries them. */
export const bulkAttributeFilters = {
  department: attributeValues,
  location: attributeValues,
  jobTitle: attributeValues,
  manager: z.optional(IdSchema),
};

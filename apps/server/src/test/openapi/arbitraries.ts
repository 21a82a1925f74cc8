import fc from 'fast-check';

/** The JSON Schema subset the OpenAPI document uses (generated from the contract's zod schemas). */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Values a schema accepts: the shape of real requests, so fuzzing gets past validation too. */
export function valid(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map(valid));
  if (schema.allOf?.[0]) return valid(schema.allOf[0]);
  const base = validOfType(schema);
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function validOfType(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.pattern) {
        const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length <= max && s.length >= (schema.minLength ?? 0));
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer': {
      const min = (schema.minimum ?? -1000) + (schema.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(schema.maximum ?? 1000, 2_147_483_647);
      // Small ids hit real rows; large ones do not.
      return fc.oneof(fc.integer({ min: Math.max(min, 0), max: Math.min(max, 60) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valid(s)]));
      return fc.record(entries, { requiredKeys: [...required].filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings no field should ever let through to the database or a log line unchecked. */
export const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\u001b[2J', '\u007f', '\u0085', '\ud800', '\uffff', '%00', '%ff'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
  fc.constantFrom("' OR 1=1 --", '"; DROP TABLE app_user; --', '../../../etc/passwd', '${7*7}', '{{7*7}}', '<script>'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.nat({ max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('0x10', '1e3', ' 1', '-1', '1.5', '2147483648', '99999999999999999999', 'NaN', ''),
);

/** Anything JSON can hold, including what no schema expects: wrong types, huge values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, -1, 0, 1e308, -2147483649, [], {}),
);

/** JSON nested far deeper than any schema, as text (as a value it would overflow the reporting). */
export const deeplyNested = fc
  .integer({ min: 100, max: 20_000 })
  .map((depth) => `{"a":${'['.repeat(depth)}1${']'.repeat(depth)}}`);

/**
 * A body that breaks its schema in one place: a required field missing, a field of the wrong type or
 * hostile, an extra field; or no object at all.
 */
export function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const object = schema?.properties ? valid(schema) : fc.constant({});
  const keys = Object.keys(schema?.properties ?? {});
  const mutated = fc.tuple(object, fc.nat(), hostileValue, fc.nat({ max: 3 })).map(([body, index, value, how]) => {
    const copy = { ...(body as Record<string, unknown>) };
    const key = keys.length ? keys[index % keys.length] : 'extra';
    if (how === 0 && key) delete copy[key];
    else if (how === 1) copy.__proto__extra = value;
    else if (key) copy[key] = value;
    return copy;
  });
  return fc.oneof(mutated, hostileValue);
}

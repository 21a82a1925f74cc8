import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

type ZodSchema = z.core.$ZodType;
export type Serialize = (data: unknown) => string;

/** A route's response serialiser as compiled, kept so a test can hold it to zod's bytes. */
export type CompiledResponse = { method: string; url: string; schema: ZodSchema; serialize: Serialize };

declare module 'fastify' {
  interface FastifyInstance {
    compiledResponses: readonly CompiledResponse[];
  }
}

/**
 * Refuses a schema whose bytes fast-json-stringify could write differently from zod's encode followed by
 * JSON.stringify, naming the place. What passes is a subset where the two agree for every value zod
 * accepts: objects that strip unknown keys, arrays, strings, numbers, booleans, null, enums, literals,
 * nullable, optional keys, discriminated unions of objects.
 */
function assertFaithful(schema: ZodSchema, path: string, ancestors: ReadonlySet<ZodSchema> = new Set()): void {
  const where = path || 'the response';
  if (ancestors.has(schema)) throw new Error(`${where} is recursive`);
  const within = new Set(ancestors).add(schema);
  const def = (schema as z.core.$ZodTypes)._zod.def;
  // z.trim(), z.toLowerCase() and the like rewrite the value while zod encodes it.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) {
    throw new Error(`${where} rewrites its value (an overwrite check such as z.trim())`);
  }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'enum':
      return;
    case 'literal':
      if (def.values.some((value) => !['string', 'number', 'boolean'].includes(typeof value))) {
        throw new Error(`${where} is a literal that is not a string, number or boolean`);
      }
      return;
    case 'nullable':
      assertFaithful(def.innerType, path, within);
      return;
    case 'array':
      assertFaithful(def.element, `${path}[]`, within);
      return;
    case 'union':
      if (!('discriminator' in def) || typeof def.discriminator !== 'string') {
        // zod takes the first option that parses, checks included; fast-json-stringify asks Ajv, which sees no refinement.
        throw new Error(`${where} is a union without a discriminator`);
      }
      for (const option of def.options) {
        if ((option as z.core.$ZodTypes)._zod.def.type !== 'object') {
          throw new Error(`${where} has a discriminated option that is not an object`);
        }
        assertFaithful(option, path, within);
      }
      return;
    case 'object': {
      // A loose object passes unknown keys through; fast-json-stringify would drop them.
      if (def.catchall && def.catchall._zod.def.type !== 'never') {
        throw new Error(`${where} is an object that keeps unknown keys`);
      }
      let firstOptional: string | undefined;
      for (const [key, property] of Object.entries(def.shape)) {
        const at = path ? `${path}.${key}` : key;
        const optional = property._zod.def.type === 'optional';
        // zod writes keys in the shape's order, fast-json-stringify writes the required ones first.
        if (!optional && firstOptional !== undefined) {
          throw new Error(`${at} is required but follows the optional ${firstOptional}: put optional keys last`);
        }
        if (optional) firstOptional ??= at;
        assertFaithful(optional ? (property as z.core.$ZodOptional)._zod.def.innerType : property, at, within);
      }
      return;
    }
    default:
      // Dates, codecs, pipes, transforms, defaults, records, tuples, unknown…: zod's encode decides their bytes.
      throw new Error(`${where} is a z.${def.type}, which the compiled serialiser does not write`);
  }
}

/**
 * Keywords that only constrain values. fast-json-stringify writes none of them, and the Ajv check that
 * picks a discriminated option must not refuse a value zod accepts (a regex flag JSON Schema cannot
 * carry, ajv-formats' idea of an e-mail address), so they are left out.
 */
const CONSTRAINTS = [
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contentEncoding',
  'contentMediaType',
] as const;

/**
 * A response schema as fast-json-stringify's JSON Schema. `io: 'input'` because encoding produces the
 * schema's input side (z.encode returns z.input), which is what the bytes must describe; for the faithful
 * subset it also leaves out `additionalProperties: false`, so a discriminated option still matches data
 * carrying the extra keys zod strips. A nullable becomes `nullable: true` on its inner schema, which
 * fast-json-stringify writes directly, instead of `anyOf: [inner, null]`, which it would settle by
 * validating each value with Ajv. An empty registry keeps metadata out (a `default` above all, which
 * fast-json-stringify would write where zod writes nothing).
 */
export function responseJsonSchema(schema: ZodSchema) {
  assertFaithful(schema, '');
  return z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    unrepresentable: 'throw',
    metadata: z.registry(),
    override: ({ zodSchema, jsonSchema }) => {
      const inner = jsonSchema.anyOf?.[0];
      // Ajv takes `nullable` only beside a `type` and still holds null to an `enum`: a nullable union
      // stays `anyOf`, and null joins the allowed values.
      if (zodSchema._zod.def.type === 'nullable' && typeof inner === 'object' && inner.type !== undefined) {
        const { const: value, enum: values, ...rest } = inner;
        const allowed = values ?? (value === undefined ? undefined : [value]);
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, rest, { nullable: true }, allowed ? { enum: [...allowed, null] } : {});
      }
      for (const keyword of CONSTRAINTS) delete jsonSchema[keyword];
    },
  });
}

const compiled = new WeakMap<ZodSchema, Serialize>();

/** Compiled once per schema: a GET route and its HEAD twin share theirs. */
export function compileResponseSerializer(schema: ZodSchema): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(responseJsonSchema(schema) as fastJsonStringify.AnySchema) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Response bodies are written by serialisers compiled once from the contract's zod schemas (issue 10:
 * encoding through zod then JSON.stringify was a fifth of the feed's time). A schema outside the faithful
 * subset fails the start instead of changing bytes. Zod's encode also checked each response against the
 * contract; with `checkAgainstZod` (every environment but production) it still does, and a body whose
 * compiled bytes differ from zod's fails the request, so the test suite holds real responses to both.
 */
export const serializationPlugin = fp(
  async (app: FastifyInstance, { checkAgainstZod }: { checkAgainstZod: boolean }) => {
    const compiledResponses: CompiledResponse[] = [];
    app.decorate('compiledResponses', compiledResponses);
    const compiler: FastifySerializerCompiler<ZodSchema> = ({ schema, method, url }) => {
      if (!(schema instanceof z.core.$ZodType))
        throw new Error(`${method} ${url}: a response schema must be a zod schema`);
      const serialize = compileResponseSerializer(schema);
      compiledResponses.push({ method, url, schema, serialize });
      if (!checkAgainstZod) return serialize;
      return (data) => {
        const encoded = z.safeEncode(schema, data);
        if (!encoded.success) throw new ResponseSerializationError(method, url, { cause: encoded.error });
        const json = serialize(data);
        const expected = JSON.stringify(encoded.data);
        if (json !== expected) throw new Error(`${method} ${url}: compiled ${json}, zod ${expected}`);
        return json;
      };
    };
    app.setSerializerCompiler(compiler);
  },
);

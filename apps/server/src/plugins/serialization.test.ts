import { envelope } from '@kanal/contract';
import fc from 'fast-check';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createTestApp } from '../test/test-app.js';
import { compileResponseSerializer, type Serialize, serializationPlugin } from './serialization.js';

// The compiled serialisers must write, byte for byte, what zod's encode followed by JSON.stringify wrote
// before them. Every response schema of the built app is held to that with values derived from the
// schema itself, so a new route is covered without touching this file.

const SEED = 20_261_010;
const RUNS_PER_SCHEMA = 150;

/** Characters that take JSON.stringify's and fast-json-stringify's escaping paths, lone surrogates included. */
const awkward = fc.constantFrom(
  '"',
  '\\',
  '\n',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u2028',
  '\ud800',
  '\udfff',
  'é',
  '😀',
  'a',
);
// Up to 60 characters: fast-json-stringify escapes below 42 characters by hand, above with a regex.
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: awkward, maxLength: 60 }));
const integer = fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -1000, max: 1000 }), fc.constant(-0));
const number = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), integer);
const extraKey = (shape: object) => fc.string({ maxLength: 8 }).filter((key) => !Object.hasOwn(shape, key));

/** Values a schema accepts, as a handler would return them: keys in any order, extra keys zod strips. */
function valuesOf(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'string':
      return text;
    case 'number':
      return 'format' in def && String(def.format).includes('int') ? integer : number;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'nullable':
      return fc.option(valuesOf(def.innerType), { nil: null });
    case 'array':
      return fc.array(valuesOf(def.element), { maxLength: 3 });
    case 'union':
      return fc.oneof(...def.options.map(valuesOf));
    case 'object': {
      const properties = Object.entries(def.shape).map(([key, property]) => {
        const { def: propertyDef } = (property as z.core.$ZodTypes)._zod;
        if (propertyDef.type !== 'optional') return valuesOf(property).map((value) => [[key, value]]);
        // Absent, present as undefined, or present.
        return fc.oneof(
          fc.constant([]),
          fc.constant([[key, undefined]]),
          valuesOf(propertyDef.innerType).map((value) => [[key, value]]),
        );
      });
      const extras = fc.array(fc.tuple(extraKey(def.shape), fc.jsonValue()), { maxLength: 2 });
      return fc.tuple(fc.tuple(...properties), extras).chain(([own, extra]) => {
        const entries = [...own.flat(), ...extra];
        return fc.shuffledSubarray(entries, { minLength: entries.length }).map(Object.fromEntries);
      });
    }
    default:
      throw new Error(`no values for a z.${def.type}`);
  }
}

const zodBytes = (schema: z.core.$ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

function assertSameBytes(schema: z.core.$ZodType, serialize: Serialize) {
  fc.assert(
    fc.property(valuesOf(schema), (value) => {
      // A generated value can break a check the generator does not know (a bound, a pattern): zod refuses it.
      fc.pre(z.safeEncode(schema, value).success);
      expect(serialize(value)).toBe(zodBytes(schema, value));
    }),
    { seed: SEED, numRuns: RUNS_PER_SCHEMA },
  );
}

const t = await createTestApp();
afterAll(() => t.close());

describe('the compiled response serialisers', () => {
  // A GET route and its HEAD twin share one schema: test it once, under the GET.
  const routes = t.app.compiledResponses.filter(
    (route, index, all) => all.findIndex((other) => other.schema === route.schema) === index,
  );

  it('serve every route with a response schema, the home feed among them', () => {
    expect(t.app.compiledResponses.map((route) => `${route.method} ${route.url}`)).toContain(
      'GET /api/mobile/content/list/new',
    );
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s writes the bytes zod wrote',
    (_, { schema, serialize }) => assertSameBytes(schema, serialize),
  );
});

describe('shapes no route answers with yet', () => {
  const Item = z.object({ id: z.int(), tags: z.array(z.string()) });
  const shapes = {
    'optional keys after the required ones': z.object({
      code: z.enum(['A', 'B']),
      field: z.optional(z.string()),
      fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
    }),
    'nullable enums, literals, objects, arrays and nested arrays': z.object({
      kind: z.nullable(z.enum(['x', 'y'])),
      fixed: z.nullable(z.literal(3)),
      item: z.nullable(Item),
      list: z.nullable(z.array(z.nullable(Item))),
      grid: z.array(z.array(z.nullable(z.number()))),
    }),
    'a nullable discriminated union with nullable members': z.object({
      result: z.nullable(
        z.discriminatedUnion('status', [
          z.object({ status: z.literal('done'), mark: z.nullable(z.number()), item: z.nullable(Item) }),
          z.object({ status: z.literal('failed'), reason: z.nullable(z.enum(['late', 'wrong'])) }),
        ]),
      ),
    }),
    'a strict object, top-level arrays and primitives': z.object({
      strict: z.strictObject({ a: z.string() }),
      ids: z.array(z.int()),
      flag: z.boolean(),
      nothing: z.null(),
    }),
  };

  it.each(Object.entries(shapes))('%s', (_, schema) => assertSameBytes(schema, compileResponseSerializer(schema)));

  it('picks a discriminated option whatever Ajv would make of its constraints (a regex flag, a format)', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('mail'), to: z.string().check(z.regex(/^a@/i)), cc: z.email() }),
      z.object({ kind: z.literal('none') }),
    ]);
    const value = { kind: 'mail', to: 'A@b.hr', cc: 'a+b@x.co' };
    expect(compileResponseSerializer(schema)(value)).toBe(zodBytes(schema, value));
  });
});

describe('schemas the compiled serialiser refuses, rather than write other bytes than zod', () => {
  interface Tree {
    children: Tree[];
  }
  const Tree: z.ZodMiniType<Tree> = z.object({
    get children() {
      return z.array(Tree);
    },
  });
  const refused: [string, z.core.$ZodType, RegExp][] = [
    ['a date', z.object({ at: z.date() }), /at is a z.date/],
    [
      'a codec',
      z.object({
        at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
      }),
      /at is a z.pipe/,
    ],
    ['a transform', z.object({ n: z.pipe(z.string(), z.transform(Number)) }), /n is a z.pipe/],
    ['a default', z.object({ page: z._default(z.int(), 1) }), /page is a z.default/],
    ['a rewriting check', z.object({ name: z.string().check(z.trim()) }), /name rewrites its value/],
    ['an object keeping unknown keys', z.looseObject({ a: z.string() }), /keeps unknown keys/],
    ['an optional key before a required one', z.object({ a: z.optional(z.string()), b: z.string() }), /b is required/],
    ['a union without a discriminator', z.object({ u: z.union([z.string(), z.int()]) }), /u is a union/],
    ['a record', z.object({ r: z.record(z.string(), z.int()) }), /r is a z.record/],
    ['an optional that is not a key', z.object({ a: z.array(z.optional(z.string())) }), /a\[\] is a z.optional/],
    ['a recursive schema', Tree, /is recursive/],
  ];

  it.each(refused)('refuses %s', (_, schema, message) => {
    expect(() => compileResponseSerializer(schema)).toThrow(message);
  });

  it('fails the start of an app with such a response schema', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    await app.register(serializationPlugin, { checkAgainstZod: false });
    app.get('/when', { schema: { response: { 200: envelope(z.object({ at: z.date() })) } } }, async () => ({
      payload: { at: new Date() },
    }));
    await expect(app.ready()).rejects.toThrow('payload.at is a z.date');
  });
});

describe('checking against zod', () => {
  // The compiled serialiser writes what it is given, as the schema's types; zod refused what the contract does not allow.
  async function appAnswering(checkAgainstZod: boolean) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    await app.register(serializationPlugin, { checkAgainstZod });
    app.get('/mark', { schema: { response: { 200: envelope(z.object({ mark: z.int() })) } } }, async () => ({
      payload: { mark: 0.5 },
    }));
    return app;
  }

  it('refuses, where it is on, a response the contract does not allow', async () => {
    const app = await appAnswering(true);
    expect((await app.inject({ url: '/mark' })).statusCode).toBe(500);
  });

  it('is off in production, where the compiled serialiser alone writes the body', async () => {
    const app = await appAnswering(false);
    expect((await app.inject({ url: '/mark' })).body).toBe('{"payload":{"mark":0}}');
  });
});

import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import { IMPLIED_ERRORS, type Operation, pathParameters } from './operation.js';

const operations = Object.entries(api as Record<string, Operation>);

describe('the operations of the API', () => {
  it.each(operations)('%s names in its params exactly the parameters of its path', (_, op) => {
    const shape = (op.params as { shape?: object } | undefined)?.shape ?? {};
    expect(Object.keys(shape).sort()).toEqual(pathParameters(op.path).sort());
  });

  it.each(operations)('%s answers one of a payload, a file or a redirect, and a GET takes no body', (_, op) => {
    expect([op.response, op.produces, op.redirects].filter(Boolean)).toHaveLength(1);
    if (op.method === 'GET') expect(op.body ?? op.consumes).toBeUndefined();
  });

  it.each(operations)('%s declares only errors that not every call may answer', (_, op) => {
    expect((op.errors ?? []).filter((code) => (IMPLIED_ERRORS as readonly string[]).includes(code))).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = operations.map(([, op]) => `${op.method} ${op.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});

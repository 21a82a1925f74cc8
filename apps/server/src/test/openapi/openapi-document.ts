import { ROLES, type Role } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import { appUser } from '../../db/schema/index.js';
import { makeSession, makeTenant, makeUser } from '../factories.js';
import type { TestApp } from '../test-app.js';
import type { JsonSchema } from './arbitraries.js';

type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  /** `x-id-of`: a query filter that names objects of the caller's organisation, and of which kind. */
  schema: JsonSchema & { 'x-id-of'?: string };
};
export type Operation = {
  method: string;
  path: string;
  public: boolean;
  /** The roles the route admits (`x-roles`); none for a public route. */
  roles: Role[];
  parameters: Parameter[];
  jsonBody?: JsonSchema;
  /** The query filters that name objects, by the kind of object each names. */
  idFilters: Record<string, string>;
  responses: number[];
};

/** Every operation of the API as its OpenAPI document describes it: the suites need nothing else. */
export async function operationsOf(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = (op.parameters as Parameter[] | undefined) ?? [];
      return {
        method: method.toUpperCase(),
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        roles: (op['x-roles'] as Role[] | undefined) ?? [],
        parameters,
        idFilters: Object.fromEntries(
          parameters.flatMap((p) => (p.in === 'query' && p.schema['x-id-of'] ? [[p.name, p.schema['x-id-of']]] : [])),
        ),
        jsonBody: (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
          'application/json'
        ]?.schema,
        responses: Object.keys(op.responses as object).map(Number),
      };
    }),
  );
}

/** A tenant with one signed-in member of every role: who the suites call as. */
export async function tenantWithEveryRole(t: TestApp) {
  const { id: tenantId } = await makeTenant(t.db);
  const members = {} as Record<Role, { id: number; tenantId: number; email: string | null }>;
  for (const role of ROLES) members[role] = await makeUser(t.db, { tenantId, role });
  return {
    tenantId,
    members,
    /**
     * A fresh session for each call, so a call that signs out does not end the next one's. A member that
     * a call has deleted, deactivated or given another role is replaced first.
     */
    async session(role: Role) {
      const [current] = await t.db
        .select({ role: appUser.role, active: appUser.active })
        .from(appUser)
        .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, members[role].id)));
      if (current?.role !== role || !current.active) members[role] = await makeUser(t.db, { tenantId, role });
      return makeSession(t.db, members[role], t.clock.now());
    },
  };
}

/** The URL of an operation with its path parameters filled in. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

import type { Me } from '@kanal/contract';
import { createContext, useContext } from 'react';

export type ConsoleContext = {
  me: Me;
  /**
   * The organisation the console works in: a SUPERADMIN's choice in the tenant switcher, anyone else's
   * own. Every call about people and groups names it (`?tenant=`, see `inScope`).
   */
  tenantId: number;
  setTenantId: (id: number) => void;
  /** ADMIN and SUPERADMIN change people and groups; an ANALYST only reads them. */
  canEdit: boolean;
  /** ADMIN, SUPERADMIN and CREATOR make content (a creator changes only their own items). */
  canAuthor: boolean;
};

export const ConsoleContextValue = createContext<ConsoleContext | null>(null);

/** What every console screen knows: who is working, in which organisation, and whether they may change it. */
export function useConsole(): ConsoleContext {
  const value = useContext(ConsoleContextValue);
  if (!value) throw new Error('useConsole is used outside the console layout');
  return value;
}

/**
 * The `tenant` of a call's query: named when the console works in another organisation than the
 * caller's own (a SUPERADMIN's choice), left out otherwise.
 */
export const inScope = (context: Pick<ConsoleContext, 'me' | 'tenantId'>): { tenant?: number } =>
  context.tenantId === context.me.tenant.id ? {} : { tenant: context.tenantId };

import type { LogEntry } from '@kanal/contract';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConsole } from '@/console/lib/console-context';
import { useTranslation } from '@/lib/i18n';

/** Marks where a slot's node goes in a translated sentence: no name or word contains it. */
const SLOT = '\u0001';

type Ref = { id: number; name: string | null };

/** The plain values an entry's details hold that a sentence names (names at the time, counts). */
function detailsOf(entry: LogEntry): Record<string, unknown> {
  try {
    const parsed: unknown = entry.details ? JSON.parse(entry.details) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const countOf = (value: unknown) => (typeof value === 'number' ? value : Array.isArray(value) ? value.length : 0);

/**
 * A link to a person, item, group or organisation of the log. One in another organisation than the
 * console's opens there: the console switches to it first, as its switcher would.
 */
function LogLink({
  to,
  tenant,
  children,
}: {
  to: string;
  tenant: { id: number; name: string } | null;
  children: string;
}) {
  const { t } = useTranslation('admin');
  const { tenantId, setTenantId } = useConsole();
  const navigate = useNavigate();
  const elsewhere = tenant !== null && tenant.id !== tenantId;
  const open = (event: MouseEvent) => {
    if (!elsewhere || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setTenantId(tenant.id);
    navigate(to);
  };
  return (
    <Link
      to={to}
      className="link"
      onClick={open}
      title={elsewhere ? t('system.log.otherTenant', { name: tenant.name }) : undefined}
    >
      {children}
    </Link>
  );
}

/**
 * One entry of the audit log as a sentence in the reader's language ("Ana Anić sent Marko Markić a link to
 * set a new password"), its people, item, group and organisations linked to their pages. An event the
 * console has no sentence for (an older entry) shows as it is stored.
 */
export function LogSentence({ entry }: { entry: LogEntry }) {
  const { t, i18n } = useTranslation('admin');
  const details = detailsOf(entry);
  const tenant = entry.tenant;

  const person = (ref: Ref | null, of: { id: number; name: string } | null, fallback: string): ReactNode => {
    if (!ref) return fallback;
    if (ref.name === null) return t('system.log.deletedPerson', { id: ref.id });
    return (
      <LogLink to={`/admin/users/${ref.id}`} tenant={of}>
        {ref.name}
      </LogLink>
    );
  };
  const organisation = (ref: Ref) =>
    ref.name === null ? (
      t('system.log.deletedTenant', { id: ref.id })
    ) : (
      <LogLink to={`/admin/tenants/${ref.id}`} tenant={null}>
        {ref.name}
      </LogLink>
    );
  const nodes: Record<string, ReactNode> = {
    // Who did it: the one who acted for the person (`by`), the organisation's directory (`by: null`, SCIM),
    // or the person themselves.
    actor: entry.by
      ? person(entry.by, entry.by.tenant, t('system.log.someone'))
      : details.by === null
        ? t('system.log.directory')
        : person(entry.user, tenant, t('system.log.someone')),
    // Whom it concerns: the person it was done to, or the entry's own person.
    person: entry.person
      ? person(entry.person, tenant, '')
      : person(entry.user, tenant, t('system.log.unknownAccount')),
    item: entry.content ? (
      entry.content.name === null ? (
        t('system.log.deletedItem', { id: entry.content.id })
      ) : (
        <LogLink to={`/admin/content/${entry.content.id}`} tenant={tenant}>
          {entry.content.name}
        </LogLink>
      )
    ) : (
      ''
    ),
    group: entry.group ? (
      entry.group.name === null ? (
        t('system.log.deletedGroup', { id: entry.group.id })
      ) : (
        <LogLink to={`/admin/groups/${entry.group.id}`} tenant={tenant}>
          {entry.group.name}
        </LogLink>
      )
    ) : (
      ''
    ),
    tenant: tenant ? organisation(tenant) : '',
    tenants: entry.tenants.map((ref, index) => (
      <Fragment key={ref.id}>
        {index > 0 ? ', ' : null}
        {organisation(ref)}
      </Fragment>
    )),
    from: String(details.from ?? ''),
    name: String(details.name ?? ''),
  };

  const sentToNone = entry.event === 'promotion.sent' && entry.tenants.length === 0;
  // Attributes a sign-in took from the provider's claims: the provider's doing, not the person's.
  const fromProvider = entry.event === 'user.updated' && details.providerId !== undefined && !entry.by;
  // A comment's moderation undone (a reply taken back, shown again, new again), or a withdrawn certificate
  // restored, reads as its own sentence.
  const undone =
    (entry.event === 'comment.replied' && details.withdrawn === true) ||
    (entry.event === 'comment.hidden' && details.reason === null) ||
    (entry.event === 'comment.handled' && details.handled === false) ||
    (entry.event === 'certificate.revoked' && details.reason === null);
  const variant = sentToNone
    ? 'promotion.sentToNone'
    : fromProvider
      ? 'user.fromProvider'
      : undone
        ? `${entry.event}Undone`
        : entry.event;
  const key = `system.log.events.${variant}`;
  const count = countOf(details.recipients ?? details.found ?? details.repaired);
  if (!i18n.exists(key, { ns: 'admin', count })) return <code>{entry.event}</code>;
  const slots = Object.fromEntries(Object.keys(nodes).map((slot) => [slot, `${SLOT}${slot}${SLOT}`]));
  const sentence = t(key, { ...slots, count, created: countOf(details.created), updated: countOf(details.updated) });
  const parts = sentence.split(SLOT);
  const textOf = (slot: string) =>
    ({
      actor: details.by === null ? t('system.log.directory') : (entry.by ?? entry.user)?.name,
      person: (entry.person ?? entry.user)?.name,
      tenant: tenant?.name,
    })[slot] ?? '';
  // A name that ends in a full stop ("Druga firma d.o.o.") ends the sentence too: no second one after it.
  const endsWithStop = (slot: string | undefined) =>
    slot !== undefined && /\.$/.test(slot === 'tenants' ? (entry.tenants.at(-1)?.name ?? '') : textOf(slot));
  return (
    <>
      {parts.map((part, index) =>
        // Every other part is a slot's name, between two marks.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in its order.
          <Fragment key={index}>{nodes[part]}</Fragment>
        ) : index > 0 && part.startsWith('.') && endsWithStop(parts[index - 1]) ? (
          part.slice(1)
        ) : (
          part
        ),
      )}
    </>
  );
}

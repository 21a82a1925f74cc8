import {
  CONTENT_PAGE_SIZE,
  mayChangeItem,
  mayReadItemStats,
  REVOKE_REASON_MAX_LENGTH,
  type StaffCertificate,
  type StaffContent,
} from '@kanal/contract';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ContentItemPage } from '@/console/components/content/content-item-page';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { StatusBadge } from '@/console/components/status-badge';
import { TextDialog } from '@/console/components/text-dialog';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useCertificates, useChangeCertificate } from '../api/certificates';
import './certificates.css';

/**
 * /admin/content/{id}/certificates: who passed an education that gives certificates, with their
 * certificates' codes; its editors withdraw one with a reason (the public check then says it no longer
 * stands) or let it stand again.
 */
export function CertificatesScreen() {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  return (
    <ContentItemPage title={t('certificates.title')} allowed={(item) => mayReadItemStats(me, item.creator.id)}>
      {(item) => <Holders item={item} />}
    </ContentItemPage>
  );
}

function Holders({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const [params, update] = useListParams();
  const page = pageParam(params);
  const holders = useCertificates(item.id, page);
  const [revoking, setRevoking] = useState<StaffCertificate | null>(null);
  const editable = mayChangeItem(me, item.creator.id);

  if (!item.settings.certificate) return <p className="note">{t('certificates.off')}</p>;
  if (holders.isPending) return <TableSkeleton columns={4} />;
  if (holders.isError) {
    return <ErrorView message={t('certificates.loadFailed')} onRetry={() => void holders.refetch()} />;
  }
  return (
    <>
      <p className="note">{t('certificates.intro')}</p>
      {holders.data.items.length === 0 ? (
        <EmptyState title={t('certificates.emptyTitle')}>
          <p>{t('certificates.emptyText')}</p>
        </EmptyState>
      ) : (
        <table
          className="data-table"
          aria-label={t('certificates.title')}
          aria-busy={holders.isPlaceholderData || undefined}
        >
          <thead>
            <tr>
              <th scope="col">{t('certificates.columns.person')}</th>
              <th scope="col">{t('certificates.columns.passedAt')}</th>
              <th scope="col">{t('certificates.columns.mark')}</th>
              <th scope="col">{t('certificates.columns.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('certificates.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {holders.data.items.map((holder) => (
              <HolderRow
                key={holder.user.id}
                item={item}
                holder={holder}
                editable={editable}
                onRevoke={() => setRevoking(holder)}
              />
            ))}
          </tbody>
        </table>
      )}
      <TableFooter
        count={holders.data.count}
        page={page}
        pageSize={CONTENT_PAGE_SIZE}
        onPage={(next, how) => update({ page: next }, how)}
      />
      {revoking ? <RevokeDialog item={item} holder={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

function HolderRow({
  item,
  holder,
  editable,
  onRevoke,
}: {
  item: StaffContent;
  holder: StaffCertificate;
  editable: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeCertificate(item.id);
  const name = holder.user.name;
  const restore = async () => {
    try {
      await change.mutateAsync({ userId: holder.user.id, body: { revoked: null } });
      showToast(t('certificates.restored', { name }));
    } catch (error) {
      showToast(errorText(t, error));
    }
  };
  return (
    <tr>
      <td>{name}</td>
      <td data-label={t('certificates.columns.passedAt')}>{formatDate(holder.passedAt)}</td>
      <td data-label={t('certificates.columns.mark')}>
        {t('certificates.mark', { percent: Math.round(holder.mark * 100) })}
      </td>
      <td data-label={t('certificates.columns.state')}>
        {/* One block: the phone's card lays a cell's children out in a row. */}
        <div>
          {holder.revoked ? (
            <>
              <StatusBadge tone="off">{t('certificates.state.revoked')}</StatusBadge>
              <span className="data-table__muted certificates__detail">
                {t('certificates.revokedBy', {
                  name: holder.revoked.by?.name ?? t('certificates.someone'),
                  time: formatDateTime(holder.revoked.at),
                  reason: holder.revoked.reason,
                })}
              </span>
            </>
          ) : (
            <StatusBadge tone="on">{t('certificates.state.valid')}</StatusBadge>
          )}
          {holder.code ? <span className="data-table__muted certificates__detail">{holder.code}</span> : null}
        </div>
      </td>
      <td className="data-table__actions">
        {!editable ? null : holder.revoked ? (
          <Button
            variant="secondary"
            loading={change.isPending}
            aria-label={t('certificates.restoreNamed', { name })}
            onClick={() => void restore()}
          >
            {t('certificates.restore')}
          </Button>
        ) : (
          <Button variant="secondary" aria-label={t('certificates.revokeNamed', { name })} onClick={onRevoke}>
            {t('certificates.revoke')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function RevokeDialog({
  item,
  holder,
  onClose,
}: {
  item: StaffContent;
  holder: StaffCertificate;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeCertificate(item.id);
  const name = holder.user.name;
  return (
    <TextDialog
      id={`certificate-${holder.user.id}-revoke`}
      title={t('certificates.revokeTitle', { name })}
      intro={<p>{t('certificates.revokeText')}</p>}
      label={t('certificates.reason')}
      hint={t('certificates.reasonHint')}
      initial=""
      max={REVOKE_REASON_MAX_LENGTH}
      multiline={false}
      emptyError={t('validation.revokeReasonEmpty')}
      submitLabel={t('certificates.revoke')}
      field="revoked.reason"
      send={async (reason) => {
        await change.mutateAsync({ userId: holder.user.id, body: { revoked: { reason } } });
        showToast(t('certificates.revoked', { name }));
      }}
      onClose={onClose}
    />
  );
}

import { SCIM_BASE_PATH, SCIM_TOKEN_PAGE_SIZE, type ScimToken } from '@kanal/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { CopyValue } from '@/console/components/copy-value';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { StatusBadge } from '@/console/components/status-badge';
import { ConsolePage } from '@/console/layout/console-page';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useRevokeScimToken, useScimTokens } from '../api/scim-tokens';
import { IssueTokenDialog } from './issue-token-dialog';
import '@/components/button.css';
import './scim.css';

/**
 * Directory sync (SCIM): the address an organisation's directory (Entra ID, Okta) sends its changes to,
 * and the tokens it sends with them, issued, listed and revoked here.
 */
export function ScimTokensScreen() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params);
  const tokens = useScimTokens(page);
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const tokensHeading = useId();
  const items = tokens.data?.items ?? [];
  const issueButton = <Button onClick={() => setIssuing(true)}>{t('scim.issue.button')}</Button>;

  return (
    <ConsolePage title={t('scim.title')} actions={issueButton}>
      <p className="scim-intro">{t('scim.intro')}</p>
      <CopyValue
        label={t('scim.baseUrl')}
        value={`${window.location.origin}${SCIM_BASE_PATH}`}
        hint={t('scim.baseUrlHint')}
        copyLabel={t('scim.copyBaseUrl')}
      />

      <section className="scim-tokens" aria-labelledby={tokensHeading}>
        <h2 id={tokensHeading} className="console-panel__title">
          {t('scim.tokens')}
        </h2>
        {tokens.isPending ? (
          <TableSkeleton columns={6} rows={2} />
        ) : tokens.isError ? (
          <ErrorView message={t('scim.loadFailed')} onRetry={() => void tokens.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('scim.empty.title')}>
            <p>{t('scim.empty.text')}</p>
            {issueButton}
          </EmptyState>
        ) : (
          <table
            className="data-table"
            aria-labelledby={tokensHeading}
            aria-busy={tokens.isPlaceholderData || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t('scim.columns.name')}</th>
                <th scope="col">{t('scim.columns.status')}</th>
                <th scope="col">{t('scim.columns.createdAt')}</th>
                <th scope="col">{t('scim.columns.createdBy')}</th>
                <th scope="col">{t('scim.columns.lastUsedAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('scim.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </tbody>
          </table>
        )}
        {tokens.data ? (
          <TableFooter
            count={tokens.data.count}
            page={page}
            pageSize={SCIM_TOKEN_PAGE_SIZE}
            onPage={(next, how) => update({ page: next }, how)}
          />
        ) : null}
      </section>

      {issuing ? <IssueTokenDialog onClose={() => setIssuing(false)} /> : null}
      {revoking ? <RevokeTokenDialog token={revoking} onDone={() => setRevoking(null)} /> : null}
    </ConsolePage>
  );
}

function TokenRow({ token, onRevoke }: { token: ScimToken; onRevoke: () => void }) {
  const { t } = useTranslation('admin');
  const issuer = token.createdBy ?? (token.createdByProvider ? t('scim.byProvider') : null);
  return (
    <tr>
      <td className="scim-table__name">{token.name}</td>
      <td data-label={t('scim.columns.status')}>
        {token.revokedAt ? (
          <>
            <StatusBadge tone="off">{t('scim.state.revoked')}</StatusBadge>{' '}
            <span className="data-table__muted">{formatDate(token.revokedAt)}</span>
          </>
        ) : (
          <StatusBadge tone="on">{t('scim.state.live')}</StatusBadge>
        )}
      </td>
      <td data-label={t('scim.columns.createdAt')} className="scim-table__date">
        {formatDateTime(token.createdAt)}
      </td>
      <td data-label={t('scim.columns.createdBy')}>
        {issuer ?? <span className="data-table__muted">{t('scim.byDeleted')}</span>}
      </td>
      <td data-label={t('scim.columns.lastUsedAt')} className="scim-table__date">
        {token.lastUsedAt ? (
          formatDateTime(token.lastUsedAt)
        ) : (
          <span className="data-table__muted">{t('scim.neverUsed')}</span>
        )}
      </td>
      <td className="data-table__actions">
        {token.revokedAt ? null : (
          <Button
            variant="secondary"
            className="scim-revoke"
            aria-label={t('scim.revoke.buttonNamed', { name: token.name })}
            onClick={onRevoke}
          >
            {t('scim.revoke.button')}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Revoking asks first: the directory that sends the token is refused from its next call on. */
function RevokeTokenDialog({ token, onDone }: { token: ScimToken; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const revoke = useRevokeScimToken();
  return (
    <ConfirmDialog
      title={t('scim.revoke.confirmTitle', { name: token.name })}
      confirmLabel={t('scim.revoke.confirm')}
      danger
      pending={revoke.isPending}
      error={revoke.error ? errorText(t, revoke.error) : undefined}
      onCancel={onDone}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            showToast(t('scim.revoke.done', { name: token.name }));
            onDone();
          },
        })
      }
    >
      <p>{t('scim.revoke.confirmText')}</p>
    </ConfirmDialog>
  );
}

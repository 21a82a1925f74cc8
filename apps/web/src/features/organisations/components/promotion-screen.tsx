import type { Promotion } from '@kanal/contract';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { useTenants } from '@/console/api/tenants';
import { ChosenChips } from '@/console/components/chosen-chips';
import { ContentStatusBadge } from '@/console/components/content/content-status-badge';
import { TableSkeleton } from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { isMissing, useRouteId } from '@/console/lib/route-id';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { usePromotion, useSendPromotion } from '../api/promotions';
import '@/components/form/checkbox.css';
import '@/components/form/form.css';
import '@/console/components/picker.css';

/** A search shows this many organisations; a provider runs tens of them, and a search narrows the rest. */
const FOUND_MAX = 100;

type TenantRef = Promotion['tenants'][number];

/** One promotion: which organisations get it, chosen and sent from here (SUPERADMIN). */
export function PromotionScreen() {
  const { t } = useTranslation('admin');
  const id = useRouteId();
  const promotion = usePromotion(id);
  const crumbs = [{ label: t('promotions.title'), to: '/admin/promotions' }];
  const missing = isMissing(id, promotion.error);

  if (promotion.data) return <PromotionDetail key={promotion.data.id} promotion={promotion.data} />;
  if (promotion.isError || missing) {
    return (
      <ConsolePage
        title={missing ? t('promotions.detail.notFound') : t('promotions.detail.loadFailed')}
        crumbs={crumbs}
      >
        {missing ? (
          <>
            <p>{t('promotions.detail.notFoundText')}</p>
            <Link to="/admin/promotions" className="link">
              {t('promotions.detail.backToList')}
            </Link>
          </>
        ) : (
          <ErrorView message={errorText(t, promotion.error)} onRetry={() => void promotion.refetch()} />
        )}
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title={t('loading', { ns: 'common' })} crumbs={crumbs}>
      <TableSkeleton columns={2} rows={6} />
    </ConsolePage>
  );
}

function PromotionDetail({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const send = useSendPromotion(promotion.id);
  const [chosen, setChosen] = useState<TenantRef[]>(promotion.tenants);
  const [q, setQ] = useState('');
  const found = useTenants({ q, page: 0, limit: FOUND_MAX });
  const searchRef = useRef<HTMLDivElement>(null);
  const countId = useId();

  const sent = new Set(promotion.tenants.map((tenant) => tenant.id));
  const chosenIds = new Set(chosen.map((tenant) => tenant.id));
  const changed = chosen.length !== sent.size || chosen.some((tenant) => !sent.has(tenant.id));
  const toggle = (tenant: TenantRef) =>
    setChosen(
      chosenIds.has(tenant.id)
        ? chosen.filter((other) => other.id !== tenant.id)
        : [...chosen, { id: tenant.id, name: tenant.name }],
    );
  // The list as it was sent, which a refusal's `tenantIds.N` counts in (the choice may change meanwhile).
  const sentIds = useRef<TenantRef[]>([]);
  const save = async () => {
    sentIds.current = chosen;
    try {
      const result = await send.mutateAsync({ tenantIds: chosen.map((tenant) => tenant.id) });
      showToast(t('promotions.detail.saved', { count: result.tenants.length }));
    } catch {
      // Shown under the button from the mutation's state.
    }
  };

  // A refusal names an entry of the list sent (`tenantIds.N`): said with that organisation's name.
  const refusal = (error: unknown) => {
    const entry = error instanceof ApiError ? /^tenantIds\.(\d+)$/.exec(error.field ?? '') : null;
    const tenant = entry ? sentIds.current[Number(entry[1])] : undefined;
    return tenant && error instanceof ApiError
      ? t('promotions.detail.refused', { name: tenant.name, reason: error.reason ?? error.message })
      : errorText(t, error);
  };

  // The provider's own organisation reaches its people through the item's audience, not from here.
  const clients = (found.data?.items ?? []).filter((tenant) => tenant.id !== me.tenant.id);
  const results = found.data;
  return (
    <ConsolePage
      title={promotion.name}
      crumbs={[{ label: t('promotions.title'), to: '/admin/promotions' }]}
      actions={<ContentStatusBadge status={promotion.status} />}
    >
      <p>
        {t('promotions.detail.about', {
          type: t(`contentType.${promotion.type}`, { ns: 'common' }),
          date: formatDate(promotion.publishAt),
        })}{' '}
        <Link to={`/admin/content/${promotion.id}`} className="link">
          {t('promotions.detail.edit')}
        </Link>
      </p>

      <section className="console-panel" aria-labelledby="promotion-tenants-title">
        <h2 id="promotion-tenants-title" className="console-panel__title">
          {t('promotions.detail.tenantsTitle')}
        </h2>
        <p className="editor-audience__muted">{t('promotions.detail.tenantsHint')}</p>
        <ChosenChips
          items={chosen}
          label={t('promotions.detail.chosen')}
          removeLabel={(name) => t('promotions.detail.remove', { name })}
          empty={t('promotions.detail.none')}
          fallback={searchRef}
          onRemove={(index) => setChosen(chosen.filter((_, at) => at !== index))}
        />

        <div ref={searchRef} className="editor-audience__search">
          <SearchBox
            label={t('promotions.detail.search')}
            placeholder={t('promotions.detail.searchHint')}
            value={q}
            onSearch={setQ}
          />
        </div>
        {found.isPending ? (
          <TableSkeleton columns={1} rows={4} />
        ) : found.isError ? (
          <ErrorView message={t('promotions.detail.tenantsLoadFailed')} onRetry={() => void found.refetch()} />
        ) : clients.length === 0 ? (
          <p className="editor-audience__muted">
            {q ? t('promotions.detail.noMatch') : t('promotions.detail.noClients')}
          </p>
        ) : (
          <fieldset
            className="form__group editor-audience__results"
            aria-busy={found.isPlaceholderData || undefined}
            aria-describedby={countId}
          >
            <legend className="visually-hidden">{t('promotions.detail.results')}</legend>
            <ul className="editor-audience__list editor-audience__list--groups">
              {clients.map((tenant) => (
                <li key={tenant.id}>
                  <label className="editor-audience__row">
                    <input
                      type="checkbox"
                      className="checkbox__input"
                      checked={chosenIds.has(tenant.id)}
                      onChange={() => toggle(tenant)}
                    />
                    <span className="editor-audience__row-name">{tenant.name}</span>{' '}
                    <span className="editor-audience__row-detail">
                      {t('promotions.detail.people', { count: tenant.userCount })}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {results && results.count > results.items.length ? (
              <p className="editor-audience__muted">
                {t('promotions.detail.more', { shown: results.items.length, total: results.count })}
              </p>
            ) : null}
          </fieldset>
        )}
        <p id={countId} className="editor-audience__muted" aria-live="polite">
          {t('promotions.detail.chosenCount', { count: chosen.length })}
        </p>

        <div className="form__actions">
          <Button
            variant="secondary"
            disabled={!changed || send.isPending}
            onClick={() => setChosen(promotion.tenants)}
          >
            {t('promotions.detail.undo')}
          </Button>
          <Button disabled={!changed} loading={send.isPending} onClick={() => void save()}>
            {t('promotions.detail.save')}
          </Button>
        </div>
        {send.isError ? <ErrorText alert>{refusal(send.error)}</ErrorText> : null}
      </section>
    </ConsolePage>
  );
}

import { BELL_PAGE_SIZE, type BellItem } from '@kanal/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { DropdownPanel } from '@/components/dropdown-panel';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { BellIcon } from '@/components/icons';
import { noticePath } from '@/content/lib/paths';
import { useFirstScreenSettled } from '@/lib/browser/first-screen-settled';
import { formatDateTime } from '@/lib/format';
import { useIsPhone } from '@/lib/hooks/use-media-query';
import { useTranslation } from '@/lib/i18n';
import { useBell, useMarkRead } from '../api/notifications';
import './bell.css';

/** More than this many unread shows as "9+": the badge stays one small circle. */
const BADGE_MAX = 9;

/** The top bar's bell: how many notices are unread, and the list of them. */
export function Bell() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(BELL_PAGE_SIZE);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const settled = useFirstScreenSettled();
  const bell = useBell(limit, settled || open);
  const unread = bell.data?.unread ?? 0;
  const label = unread ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setLimit(BELL_PAGE_SIZE);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  return (
    <div className="bell">
      <button
        ref={triggerRef}
        type="button"
        className="icon-button bell__button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon />
        {unread ? (
          <span className="bell__badge" aria-hidden="true">
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <DropdownPanel
          id={panelId}
          titleId={`${panelId}-title`}
          triggerRef={triggerRef}
          onClose={close}
          closeLabel={t('bell.close')}
          className="bell__panel"
          heading={
            <h2 id={`${panelId}-title`} className="bell__title">
              {t('bell.title')}
            </h2>
          }
        >
          <BellList
            bell={bell}
            onMore={() => setLimit((shown) => shown + BELL_PAGE_SIZE)}
            onOpen={() => close(false)}
          />
          <Link to="/profile" className="bell__settings" onClick={() => close(false)}>
            {t('bell.settings')}
          </Link>
        </DropdownPanel>
      ) : null}
    </div>
  );
}

function BellList({
  bell,
  onMore,
  onOpen,
}: {
  bell: ReturnType<typeof useBell>;
  onMore: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation('shell');
  if (bell.isPending) return <LoadingView />;
  if (bell.isError && !bell.data) {
    return <ErrorView message={t('bell.loadFailed')} onRetry={() => void bell.refetch()} />;
  }
  const { items, count } = bell.data;
  if (items.length === 0) return <p className="bell__empty">{t('bell.empty')}</p>;
  return (
    <>
      <ul className="bell__list">
        {items.map((item) => (
          <li key={item.id}>
            <BellEntry item={item} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {items.length < count ? (
        <Button variant="secondary" loading={bell.isFetching} onClick={onMore}>
          {t('bell.more')}
        </Button>
      ) : null}
    </>
  );
}

function BellEntry({ item, onOpen }: { item: BellItem; onOpen: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const isPhone = useIsPhone();
  const unread = item.readAt === null;
  return (
    <button
      type="button"
      className={unread ? 'bell-entry bell-entry--unread' : 'bell-entry'}
      onClick={() => {
        if (unread) markRead.mutate(item.id);
        onOpen();
        const routed = { id: item.contentId, type: item.contentType };
        void navigate(noticePath(item.kind, routed, isPhone));
      }}
    >
      {unread ? <span className="visually-hidden">{t('bell.unread')}</span> : null}
      <span className="bell-entry__title">{item.title}</span>
      <span className="bell-entry__meta">
        {t(`bell.kind.${item.kind}`)} · {formatDateTime(item.createdAt)}
      </span>
    </button>
  );
}

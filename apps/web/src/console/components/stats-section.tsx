import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import './stats-section.css';

/** A section of the statistics with its heading. */
export function StatsSection({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="stats__section" aria-label={title}>
      <div className="stats__section-head">
        <h2 className="stats__heading">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** When figures served from a snapshot were computed; nothing for figures computed for this request. */
export function AsOf({ computedAt }: { computedAt: string | null }) {
  const { t } = useTranslation('admin');
  if (computedAt === null) return null;
  return <p className="data-table__muted">{t('stats.computedAt', { time: formatDateTime(computedAt) })}</p>;
}

import type { ReactNode } from 'react';
import './stats.css';

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

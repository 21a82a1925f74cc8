import type { ReactNode } from 'react';
import './page.css';

/** The content column of a screen: at most DESKTOP_MAX_CONTENT_WIDTH_PX wide, full width on a phone. */
export function Page({
  title,
  children,
  narrow = false,
}: {
  title?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <div className={narrow ? 'page page--narrow' : 'page'}>
      {title ? <h1 className="page__title">{title}</h1> : null}
      {children}
    </div>
  );
}

/** A centred card for public screens (login, password reset, …). */
export function CardPage({ title, children, footer }: { title: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="card-page" id="main">
      <div className="card-page__brand" aria-hidden="true">
        <span className="card-page__logo">K</span>
      </div>
      <section className="card" aria-labelledby="card-title">
        <h1 className="card__title" id="card-title">
          {title}
        </h1>
        {children}
      </section>
      {footer ? <div className="card-page__footer">{footer}</div> : null}
    </main>
  );
}

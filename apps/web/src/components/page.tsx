import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './button.css';
import './page.css';

/** "← Natrag" to the screen above this one (a link: it names where it goes, and opens in a new tab too). */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="page__toolbar">
      <Link to={to} className="button button--ghost page__back">
        {t('back')}
      </Link>
    </div>
  );
}

/**
 * The content column of a screen: at most DESKTOP_MAX_CONTENT_WIDTH_PX wide, full width on a phone;
 * `back` puts a back link to that path above the title.
 */
export function Page({
  title,
  back,
  children,
  narrow = false,
}: {
  title?: ReactNode;
  back?: string;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <div className={narrow ? 'page page--narrow' : 'page'}>
      {back ? <BackLink to={back} /> : null}
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

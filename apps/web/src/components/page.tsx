import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
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

/** Kanal's own mark (the favicon: a speech bubble carrying a signal), beside the product's name. */
function ProductMark() {
  const { t } = useTranslation('common');
  return (
    <div className="card-page__brand">
      <img className="card-page__logo" src="/favicon.svg" alt="" width="48" height="48" />
      <span className="card-page__name">{t('product')}</span>
    </div>
  );
}

/** A centred card for public screens (login, password reset, …), under the product's mark and, on the login, a welcome. */
export function CardPage({
  title,
  welcome,
  children,
  footer,
}: {
  title: ReactNode;
  welcome?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="card-page" id="main">
      <ProductMark />
      {welcome ? <p className="card-page__welcome">{welcome}</p> : null}
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

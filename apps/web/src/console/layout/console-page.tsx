import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import './console-page.css';

export type Crumb = { label: string; to: string };

type Props = {
  title: string;
  /** The screens above this one, outermost first; the page itself closes the trail. */
  crumbs?: Crumb[];
  /** The page's own buttons, beside the title. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A console screen: breadcrumbs, the title (also the tab's), its actions, and the content. After a
 * navigation to another page the title takes focus, so a screen reader starts on the new page, as after a
 * page load.
 */
export function ConsolePage({ title, crumbs = [], actions, children }: Props) {
  const { t } = useTranslation('admin');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  const { pathname } = useLocation();
  useDocumentTitle(title);
  // A new page, not a new search or page of the same list: that would take the focus from the search box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger; how it was reached is read then.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') titleRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="console-page">
      {crumbs.length > 0 ? (
        <nav className="console-page__crumbs" aria-label={t('console.breadcrumbs')}>
          <ol>
            {crumbs.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to} className="link">
                  {crumb.label}
                </Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      ) : null}
      <div className="console-page__header">
        <h1 ref={titleRef} className="console-page__title" tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div className="console-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

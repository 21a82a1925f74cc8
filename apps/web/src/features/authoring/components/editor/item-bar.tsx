import { hasForm, isUnsent, mayReadItemStats, type StaffContent } from '@kanal/contract';
import { Link, useNavigate } from 'react-router';
import { useConsole } from '@/console/lib/console-context';
import { useTranslation } from '@/lib/i18n';
import { reachLine } from '../../lib/content-reach';
import { ContentActions } from '../content-actions';

/** An existing item's way to its comments and answers, and what can be done to it besides editing. */
export function ItemBar({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { me } = useConsole();
  // Not out yet: no one has it, so it has no reach and no figures.
  const unsent = isUnsent(item.status);
  // Its figures, answers and comments: a creator reads those of their own items only.
  const readsResponses = mayReadItemStats(me, item.creator.id);
  return (
    <div className="content-editor__item-bar">
      <p className="data-table__muted">
        {[t('content.editor.by', { name: item.creator.name }), unsent ? null : reachLine(t, item)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="content-editor__links">
        <Link to={`/admin/content/${item.id}/preview`} className="button button--secondary">
          {t('content.preview.title')}
        </Link>
        {unsent || !readsResponses ? null : (
          <Link to={`/admin/content/${item.id}/statistics`} className="button button--secondary">
            {t('stats.item.link')}
          </Link>
        )}
        {item.settings.comments && readsResponses ? (
          <Link to={`/admin/content/${item.id}/comments`} className="button button--secondary">
            {t('contentResponses.comments.title')}
          </Link>
        ) : null}
        {item.settings.certificate && readsResponses ? (
          <Link to={`/admin/content/${item.id}/certificates`} className="button button--secondary">
            {t('certificates.link')}
          </Link>
        ) : null}
        {hasForm(item.type) && readsResponses ? (
          <Link to={`/admin/content/${item.id}/answers`} className="button button--secondary">
            {t('contentResponses.answers.title')}
          </Link>
        ) : null}
        {item.editable ? (
          <ContentActions
            item={{ id: item.id, name: item.name, status: item.status, ...item.counts }}
            onDeleted={() => navigate('/admin/content', { replace: true })}
          />
        ) : null}
      </div>
      {item.locked ? <p className="note">{t('content.editor.locked')}</p> : null}
    </div>
  );
}

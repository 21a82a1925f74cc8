import { type ContentDetail, hasForm } from '@kanal/contract';
import { Link } from 'react-router';
import { BackLink } from '@/components/page';
import { CertificateButton } from '@/content/components/certificate-button';
import { TypeLabel } from '@/content/components/type-label';
import { interactionOf } from '@/content/lib/paths';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { MyComments } from './answer-review';
import '@/components/button.css';
import '@/components/page.css';
import '@/content/components/detail.css';
import '@/content/components/meta.css';

/** /archive/{id}: what the item was, and the ways to look at it again. */
export function ArchiveDetail({ item }: { item: ContentDetail }) {
  const { t } = useTranslation('archive');
  const { finishedAt } = interactionOf(item);
  const form = hasForm(item.type);
  return (
    <article className="detail" aria-labelledby="archive-title">
      <BackLink to="/archive" />
      <div className="detail__meta">
        <TypeLabel item={item} />
        {finishedAt ? (
          <span className="detail__date">{t('card.finished', { date: formatDate(finishedAt) })}</span>
        ) : null}
      </div>
      <h1 id="archive-title" className="page__title">
        {item.name}
      </h1>
      {item.description ? <p className="detail__description">{item.description}</p> : null}
      <ReviewLinks item={item} answers={form} />
      {/* An education is finished by passing it: its certificate, when it gives one. */}
      {finishedAt && item.settings.certificate ? (
        <div className="detail__actions">
          <CertificateButton contentId={item.id} />
        </div>
      ) : null}
      {/* A form's comments are shown beside its answers; an item without questions has only this screen. */}
      {form || (!item.settings.comments && item.comments.length === 0) ? null : <MyComments comments={item.comments} />}
    </article>
  );
}

/**
 * The review buttons the archive screens share. Review content is left out for an item with nothing to
 * view (only questions): its materials screen would show just an error slide.
 */
export function ReviewLinks({ item, answers }: { item: Pick<ContentDetail, 'id' | 'hasMaterial'>; answers: boolean }) {
  const { t } = useTranslation('archive');
  return (
    <div className="detail__actions">
      {item.hasMaterial ? (
        <Link to={`/archive/${item.id}/content`} className="button button--secondary">
          {t('detail.reviewContent')}
        </Link>
      ) : null}
      {answers ? (
        <Link to={`/archive/${item.id}/questions`} className="button button--primary">
          {t('detail.reviewAnswers')}
        </Link>
      ) : null}
    </div>
  );
}

import type { ContentDetail } from '@kanal/contract';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { DocumentIcon, ImageIcon, QuestionIcon, VideoIcon } from '@/components/content-icons';
import { BackLink } from '@/components/page';
import { Deadline } from '@/content/components/deadline';
import { TypeLabel } from '@/content/components/type-label';
import { interactionOf, questionsPath } from '@/content/lib/paths';
import { fileUrl } from '@/lib/file-url';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/components/page.css';
import '@/content/components/detail.css';
import './content-intro.css';
import '@/content/components/meta.css';

const COUNTS: { key: keyof ContentDetail['counts']; Icon: ComponentType }[] = [
  { key: 'questions', Icon: QuestionIcon },
  { key: 'images', Icon: ImageIcon },
  { key: 'videos', Icon: VideoIcon },
  { key: 'documents', Icon: DocumentIcon },
];

/**
 * The intro's main button: straight to the questions only when there is nothing to look at first, and
 * to the archive once they are answered for good (a finished form does not run again).
 */
const introTarget = (item: ContentDetail) => {
  if (item.counts.questions > 0 && interactionOf(item).finishedAt && !item.hasMaterial)
    return { kind: 'archive', to: `/archive/${item.id}` } as const;
  return item.counts.questions > 0 && !item.hasMaterial
    ? ({ kind: 'questions', to: questionsPath(item) } as const)
    : ({ kind: 'go', to: `/content/${item.id}` } as const);
};

const TARGET_LABEL = { archive: 'seeAnswers', questions: 'answerQuestions', go: 'intro.go' } as const;

type Props = {
  item: ContentDetail;
  showPromoTag: boolean;
  /**
   * The console's preview: no way back to the home screen, and the main button moves the preview on to
   * the step it names instead of leaving it.
   */
  onPreviewNext?: (step: 'materials' | 'questions') => void;
};

export function ContentIntro({ item, showPromoTag, onPreviewNext }: Props) {
  const { t } = useTranslation('content');
  const target = introTarget(item);
  const counts = COUNTS.filter(({ key }) => item.counts[key] > 0);

  return (
    <article className="detail" aria-labelledby="intro-title">
      {onPreviewNext ? null : <BackLink to="/" />}
      {item.image ? <img className="detail__image" src={fileUrl(item.image)} alt="" width={1280} height={720} /> : null}
      <div className="detail__meta">
        <TypeLabel item={item} showPromoTag={showPromoTag} />
        <span className="detail__date">{t('intro.published', { date: formatDate(item.publishAt) })}</span>
      </div>
      <h1 id="intro-title" className="page__title">
        {item.name}
      </h1>
      {item.description ? <p className="detail__description">{item.description}</p> : null}
      {item.task?.deadline ? (
        <p className="detail__deadline">
          <Deadline deadline={item.task.deadline} finishedAt={interactionOf(item).finishedAt} as="line" />
        </p>
      ) : null}
      {counts.length > 0 ? (
        <section aria-labelledby="intro-contains">
          <h2 id="intro-contains" className="visually-hidden">
            {t('intro.contains')}
          </h2>
          <ul className="counts">
            {counts.map(({ key, Icon }) => (
              <li key={key} className="counts__item">
                <Icon />
                {t(`intro.${key}`, { count: item.counts[key] })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {item.type === 'POLL' ? <p className="note">{t('intro.pollAnonymous')}</p> : null}
      <div className="detail__actions">
        {onPreviewNext && target.kind !== 'archive' ? (
          <Button onClick={() => onPreviewNext(target.kind === 'questions' ? 'questions' : 'materials')}>
            {t(TARGET_LABEL[target.kind])}
          </Button>
        ) : (
          <Link to={target.to} className="button button--primary">
            {t(TARGET_LABEL[target.kind])}
          </Link>
        )}
      </div>
    </article>
  );
}

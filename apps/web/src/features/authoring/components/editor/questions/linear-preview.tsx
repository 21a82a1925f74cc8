import { LINEAR_POINTS } from '@kanal/contract';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';

/** A LINEAR question as people will see it: five points, 1 to 5. */
export function LinearPreview() {
  const { t } = useTranslation('admin');
  const labelId = useId();
  return (
    <div className="question__scale">
      <p id={labelId} className="question__note">
        {t('editorQuestions.linearNote')}
      </p>
      <ol className="scale-preview" aria-labelledby={labelId}>
        {LINEAR_POINTS.map((point) => (
          <li key={point} className="scale-preview__point">
            {point}
          </li>
        ))}
      </ol>
    </div>
  );
}

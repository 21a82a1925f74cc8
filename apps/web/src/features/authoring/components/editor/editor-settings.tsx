import {
  type ContentType,
  hasForm,
  QUESTIONS_MAX,
  REMINDER_MINUTES,
  REPEATS,
  TIME_RESTRICTION_MAX_S,
  TIME_RESTRICTION_MIN_S,
} from '@kanal/contract';
import { Checkbox } from '@/components/form/checkbox';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { FormSectionProps } from '../../lib/editor-section';
import { EditorSection } from './editor-section';

type Props = FormSectionProps & {
  type: ContentType;
  /** An answered item: its pass mark stays as it is. */
  locked: boolean;
};

/**
 * The editor's settings: a task's deadline, repeat and reminder; a form's optional due date and reminder, time
 * limit and pass mark; an education's draw (how many of its questions an attempt asks) and certificate; comments.
 */
export function SettingsSection({ form, errors, editable, type, locked }: Props) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const { register } = form;
  return (
    <EditorSection id="editor-settings" title={t('content.editor.sections.settings')}>
      <fieldset className="form__group" disabled={!editable}>
        {type === 'TASK' || hasForm(type) ? (
          <div className="content-editor__row">
            <TextField
              type="datetime-local"
              label={type === 'TASK' ? t('content.editor.deadline') : t('content.editor.dueDate')}
              hint={type === 'TASK' ? undefined : t('content.editor.dueDateHint')}
              error={formError(errors.deadline)}
              {...register('deadline')}
            />
            {type === 'TASK' ? (
              <SelectField label={t('content.editor.repeat')} error={formError(errors.repeat)} {...register('repeat')}>
                {REPEATS.map((repeat) => (
                  <option key={repeat} value={repeat}>
                    {t(`content.editor.repeats.${repeat}`)}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <SelectField
              label={t('content.editor.reminder')}
              error={formError(errors.reminderMinutes)}
              {...register('reminderMinutes')}
            >
              <option value="">{t('content.editor.noReminder')}</option>
              {REMINDER_MINUTES.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {t(`content.editor.reminders.${minutes}`)}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
        {hasForm(type) ? (
          <div className="content-editor__row">
            <TextField
              type="number"
              inputMode="numeric"
              min={TIME_RESTRICTION_MIN_S}
              max={TIME_RESTRICTION_MAX_S}
              label={t('content.editor.timeLimit')}
              hint={t('content.editor.timeLimitHint', {
                min: TIME_RESTRICTION_MIN_S,
                max: TIME_RESTRICTION_MAX_S,
              })}
              error={formError(errors.timeLimit)}
              {...register('timeLimit')}
            />
            {type === 'EDUCATION' ? (
              <TextField
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                label={t('content.editor.passPercent')}
                hint={locked ? t('content.editor.passLocked') : t('content.editor.passPercentHint')}
                readOnly={locked}
                error={formError(errors.passPercent)}
                {...register('passPercent')}
              />
            ) : null}
            {type === 'EDUCATION' ? (
              <TextField
                type="number"
                inputMode="numeric"
                min={1}
                max={QUESTIONS_MAX}
                label={t('content.editor.questionsPerAttempt')}
                hint={t('content.editor.questionsPerAttemptHint')}
                error={formError(errors.questionsPerAttempt)}
                {...register('questionsPerAttempt')}
              />
            ) : null}
          </div>
        ) : null}
        {type === 'EDUCATION' ? (
          <Checkbox label={t('content.editor.certificate')} {...register('certificate')} />
        ) : null}
        <Checkbox label={t('content.editor.comments')} {...register('comments')} />
      </fieldset>
    </EditorSection>
  );
}

import { isChoiceQuestion, QUESTION_TYPES, type QuestionType } from '@kanal/contract';
import { type DragEvent, useId, useRef } from 'react';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { Svg } from '@/components/icons';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { SectionProps } from '../../../lib/editor-section';
import { Answers } from './answer-options';
import { LinearPreview } from './linear-preview';
import { answersFor, errorOf } from './question-form';

type Form = SectionProps['form'];

type CardProps = {
  id: string;
  form: Form;
  index: number;
  count: number;
  graded: boolean;
  disabled: boolean;
  canDuplicate: boolean;
  /** While a question is dragged: this one is it, or the drop would put it before or after this one. */
  dragState: 'dragging' | 'before' | 'after' | undefined;
  onMove: (from: number, to: number, via: 'up' | 'down') => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
  onSaveToBank: (index: number) => void;
  onDragStart: () => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
};

/** One question: its text and type, its tools, and what its type asks of it (answers, a scale, a note). */
export function QuestionCard({ id, form, index, count, graded, disabled, canDuplicate, dragState, ...on }: CardProps) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const headingId = useId();
  const titleId = useId();
  const { control, register } = form;
  const type = useWatch({ control, name: `questions.${index}.type` });
  const answers = useFieldArray({ control, name: `questions.${index}.answers` });
  const { errors, touchedFields, isSubmitted } = useFormState({ control, name: `questions.${index}` });
  const error = errors.questions?.[index];
  // A text's "required" waits until it was left or the form sent: the list's checks after adding a
  // question would otherwise flag its empty fields at once.
  const titleError = formError(isSubmitted || touchedFields.questions?.[index]?.title ? error?.title : undefined);
  const number = index + 1;
  const path = `questions.${index}` as const;

  const cardRef = useRef<HTMLLIElement>(null);
  const startDrag = (event: DragEvent<HTMLSpanElement>) => {
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(number));
      if (cardRef.current) event.dataTransfer.setDragImage?.(cardRef.current, 24, 24);
    }
    on.onDragStart();
  };

  return (
    <li
      ref={cardRef}
      className={['question', dragState ? `question--${dragState}` : ''].filter(Boolean).join(' ')}
      onDragOver={on.onDragOver}
      onDrop={on.onDrop}
    >
      <fieldset className="form__group question__group" aria-labelledby={headingId} disabled={disabled}>
        <div className="question__head">
          <span
            className="question__handle"
            draggable={!disabled}
            title={t('editorQuestions.drag')}
            aria-hidden="true"
            onDragStart={startDrag}
            onDragEnd={on.onDragEnd}
          >
            <GripIcon />
          </span>
          <h3 id={headingId} className="question__number" tabIndex={-1} data-focus={`${id}:heading`}>
            {t('editorQuestions.question', { number })}
          </h3>
          {/* Read-only, the questions are shown without the tools to change them. */}
          {disabled ? null : (
            <div className="question__tools">
              <button
                type="button"
                className="icon-button question__tool"
                data-focus={`${id}:up`}
                aria-label={t('editorQuestions.moveUp', { number })}
                title={t('editorQuestions.moveUp', { number })}
                disabled={index === 0}
                onClick={() => on.onMove(index, index - 1, 'up')}
              >
                <ArrowIcon up />
              </button>
              <button
                type="button"
                className="icon-button question__tool"
                data-focus={`${id}:down`}
                aria-label={t('editorQuestions.moveDown', { number })}
                title={t('editorQuestions.moveDown', { number })}
                disabled={index === count - 1}
                onClick={() => on.onMove(index, index + 1, 'down')}
              >
                <ArrowIcon />
              </button>
              <Button
                variant="secondary"
                className="question__action"
                aria-label={t('editorQuestions.duplicateNamed', { number })}
                disabled={!canDuplicate}
                onClick={() => on.onDuplicate(index)}
              >
                {t('editorQuestions.duplicate')}
              </Button>
              <Button
                variant="secondary"
                className="question__action"
                aria-label={t('bank.saveNamed', { number })}
                onClick={() => on.onSaveToBank(index)}
              >
                {t('bank.toBank')}
              </Button>
              <Button
                variant="secondary"
                className="question__action question__delete"
                aria-label={t('editorQuestions.deleteNamed', { number })}
                onClick={() => on.onRemove(index)}
              >
                {t('editorQuestions.delete')}
              </Button>
            </div>
          )}
        </div>

        <div className="question__main">
          <div className={['field', titleError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
            <label className="field__label" htmlFor={titleId}>
              {t('editorQuestions.questionTitle')}
            </label>
            <textarea
              id={titleId}
              className="field__input question__title"
              rows={2}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? `${titleId}-error` : undefined}
              {...register(`${path}.title`)}
            />
            <ErrorText id={`${titleId}-error`}>{titleError}</ErrorText>
          </div>
          <SelectField
            label={t('editorQuestions.type')}
            className="question__type"
            error={formError(error?.type)}
            {...register(`${path}.type`, {
              onChange: (event: { target: { value: QuestionType } }) =>
                answers.replace(answersFor(event.target.value, form.getValues(`${path}.answers`) ?? [])),
            })}
          >
            {QUESTION_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`editorQuestions.types.${option}`)}
              </option>
            ))}
          </SelectField>
        </div>

        {isChoiceQuestion(type) ? (
          <Answers form={form} index={index} type={type} graded={graded} answers={answers} />
        ) : (
          <>
            {type === 'LINEAR' ? <LinearPreview /> : <p className="question__note">{t('editorQuestions.textNote')}</p>}
            <ErrorText>{formError(errorOf(error?.answers))}</ErrorText>
          </>
        )}
      </fieldset>
    </li>
  );
}

function ArrowIcon({ up = false }: { up?: boolean }) {
  return <Svg>{up ? <path d="M12 19V5m-6 6 6-6 6 6" /> : <path d="M12 5v14m-6-6 6 6 6-6" />}</Svg>;
}

function GripIcon() {
  return (
    <Svg>
      <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth="3" />
    </Svg>
  );
}

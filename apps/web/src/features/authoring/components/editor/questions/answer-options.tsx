import { ANSWERS_MAX, type QuestionType } from '@kanal/contract';
import { useId, useRef } from 'react';
import { type UseFieldArrayReturn, useFormState, useWatch } from 'react-hook-form';
import { ErrorText } from '@/components/form/error-text';
import { CloseIcon } from '@/components/icons';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../../lib/content-draft';
import type { SectionProps } from '../../../lib/editor-section';
import { emptyAnswer, errorOf, useFocusAfterRender } from './question-form';

type Form = SectionProps['form'];

type AnswersProps = {
  form: Form;
  index: number;
  type: QuestionType;
  graded: boolean;
  answers: UseFieldArrayReturn<ContentDraft, `questions.${number}.answers`>;
};

/** A choice question's answers: their texts, added and removed, and (in a quiz) the correct ones marked. */
export function Answers({ form, index, type, graded, answers }: AnswersProps) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const legendId = useId();
  const groupId = useId();
  const { control, register } = form;
  const path = `questions.${index}.answers` as const;
  const values = useWatch({ control, name: path }) ?? [];
  const { errors, touchedFields, isSubmitted } = useFormState({ control, name: path });
  const touched = touchedFields.questions?.[index]?.answers;
  const listError = errors.questions?.[index]?.answers;
  const ruleError = formError(errorOf(listError));
  const ruleErrorId = `${groupId}-error`;
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const single = type === 'SINGLE';
  // The marks are shown in a quiz, and wherever some are left (so a poll's stray mark can be cleared).
  const marking = graded || values.some((answer) => answer?.isCorrect);
  const full = answers.fields.length >= ANSWERS_MAX;

  const mark = (a: number, checked: boolean) => {
    values.forEach((answer, i) => {
      const next = i === a ? checked : single ? false : Boolean(answer?.isCorrect);
      if (next !== Boolean(answer?.isCorrect)) form.setValue(`${path}.${i}.isCorrect`, next, { shouldDirty: true });
    });
    if (isSubmitted) void form.trigger(path);
  };

  const remove = (a: number) => {
    answers.remove(a);
    focusAfterRender(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('.answer__input') ?? [];
      (inputs[Math.min(a, inputs.length - 1)] ?? addRef.current)?.focus();
    });
  };

  return (
    <fieldset
      className="answers"
      aria-labelledby={legendId}
      aria-describedby={ruleError ? ruleErrorId : undefined}
      aria-invalid={ruleError ? true : undefined}
    >
      <legend id={legendId} className="field__label answers__legend">
        {t('editorQuestions.answers')}
      </legend>
      {graded ? (
        <p className="field__hint">
          {t(single ? 'editorQuestions.correctHintSingle' : 'editorQuestions.correctHintMultiple')}
        </p>
      ) : null}
      <ol ref={listRef} className="answers__list">
        {answers.fields.map((field, a) => {
          const inputId = `${groupId}-${field.id}`;
          const titleError = formError(isSubmitted || touched?.[a]?.title ? listError?.[a]?.title : undefined);
          const correct = Boolean(values[a]?.isCorrect);
          return (
            <li key={field.id} className={['answer', titleError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
              <span className="answer__number" aria-hidden="true">
                {a + 1}.
              </span>
              <div className="answer__field">
                <label className="visually-hidden" htmlFor={inputId}>
                  {t('editorQuestions.answer', { number: a + 1 })}
                </label>
                <input
                  id={inputId}
                  className="field__input answer__input"
                  autoComplete="off"
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${inputId}-error` : undefined}
                  {...register(`${path}.${a}.title`)}
                />
                <ErrorText id={`${inputId}-error`}>{titleError}</ErrorText>
              </div>
              {marking ? (
                <label className={['answer__correct', correct ? 'answer__correct--on' : ''].filter(Boolean).join(' ')}>
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={single ? `${groupId}-correct` : undefined}
                    className="answer__correct-input"
                    aria-label={t('editorQuestions.correctNamed', { number: a + 1 })}
                    checked={correct}
                    onChange={(event) => mark(a, event.currentTarget.checked)}
                  />
                  <span aria-hidden="true">{t('editorQuestions.correct')}</span>
                </label>
              ) : null}
              <button
                type="button"
                className="icon-button answer__remove"
                aria-label={t('editorQuestions.removeAnswer', { number: a + 1 })}
                title={t('editorQuestions.removeAnswer', { number: a + 1 })}
                onClick={() => remove(a)}
              >
                <CloseIcon />
              </button>
            </li>
          );
        })}
      </ol>
      <ErrorText id={ruleErrorId}>{ruleError}</ErrorText>
      <div className="answers__add">
        <button
          ref={addRef}
          type="button"
          className="button button--ghost"
          disabled={full}
          onClick={() => answers.append(emptyAnswer())}
        >
          {t('editorQuestions.addAnswer')}
        </button>
        {full ? <p className="field__hint">{t('editorQuestions.answersMax', { max: ANSWERS_MAX })}</p> : null}
      </div>
    </fieldset>
  );
}

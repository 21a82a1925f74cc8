import { isChoiceQuestion, QUESTION_TYPES, QUESTIONS_MAX, type QuestionType } from '@kanal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import { type DraftQuestion, newQuestion } from '../../../lib/content-draft';
import type { SectionProps } from '../../../lib/editor-section';
import '@/components/button.css';
import '@/components/form/form.css';
import '@/components/tag.css';
import { BankPickerDialog } from '../../bank/bank-picker-dialog';
import { BankQuestionDialog } from '../../bank/bank-question-dialog';
import { LinearPreview } from './linear-preview';
import { QuestionCard } from './question-card';
import { errorOf, useFocusAfterRender } from './question-form';
import './editor-questions.css';

type Props = SectionProps & { locked: boolean };
type Form = SectionProps['form'];

/** The questions: added, reordered, duplicated, deleted, typed, with their answers and the correct ones. */
export function QuestionsSection({ form, disabled, locked }: Props) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const { control } = form;
  const graded = useWatch({ control, name: 'type' }) === 'EDUCATION';
  const questions = useFieldArray({ control, name: 'questions' });
  const { errors } = useFormState({ control, name: 'questions' });
  const formError = useFormError();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLSelectElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const [announcement, setAnnouncement] = useState('');
  const [newType, setNewType] = useState<QuestionType>('SINGLE');
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  /** The bank's dialogs: the picker, or a question (by its index) being saved to the bank. */
  const [bank, setBank] = useState<{ picking: true } | { saving: number } | null>(null);
  const count = questions.fields.length;
  const full = count >= QUESTIONS_MAX;

  // A quiz that becomes a poll keeps no correct answers (a poll has none); a locked item keeps everything.
  const wasGraded = useRef(graded);
  useEffect(() => {
    if (wasGraded.current && !graded && !locked) {
      form.getValues('questions').forEach((question, q) => {
        question.answers.forEach((answer, a) => {
          if (answer.isCorrect) form.setValue(`questions.${q}.answers.${a}.isCorrect`, false, { shouldDirty: true });
        });
      });
    }
    wasGraded.current = graded;
  }, [graded, locked, form]);

  const focusControl = (key: string, fallback?: string) => {
    const find = (k: string) => listRef.current?.querySelector<HTMLElement>(`[data-focus="${k}"]`);
    const target = find(key);
    const usable = target && !(target as HTMLButtonElement).disabled ? target : fallback ? find(fallback) : null;
    (usable ?? addRef.current)?.focus();
  };

  /** Moves a question; by keyboard (`via`) the pressed button keeps the focus, wherever it lands. */
  const move = (from: number, to: number, via?: 'up' | 'down') => {
    if (to < 0 || to >= count || from === to) return;
    const id = questions.fields[from]?.id;
    questions.move(from, to);
    setAnnouncement(t('editorQuestions.moved', { position: to + 1, count }));
    if (via && id) {
      const other = via === 'up' ? 'down' : 'up';
      focusAfterRender(() => focusControl(`${id}:${via}`, `${id}:${other}`));
    }
  };

  const duplicate = (index: number) => {
    questions.insert(index + 1, structuredClone(form.getValues(`questions.${index}`)));
    setAnnouncement(t('editorQuestions.duplicated', { number: index + 1, copy: index + 2 }));
  };

  const remove = (index: number) => {
    const next = questions.fields[index + 1]?.id ?? questions.fields[index - 1]?.id;
    questions.remove(index);
    setAnnouncement(t('editorQuestions.deleted', { number: index + 1 }));
    focusAfterRender(() => (next ? focusControl(`${next}:heading`) : addRef.current?.focus()));
  };

  const dropOn = (index: number) => {
    if (drag && drag.from !== index) move(drag.from, index);
    setDrag(null);
  };

  return (
    <section id="editor-questions" className="console-panel questions" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('editorQuestions.title')}
      </h2>
      {locked ? (
        <LockedQuestions form={form} graded={graded} />
      ) : (
        <>
          <p className="questions__intro">{t('editorQuestions.intro')}</p>
          <ErrorText>{formError(errorOf(errors.questions))}</ErrorText>
          {count === 0 ? <p className="questions__empty">{t('editorQuestions.empty')}</p> : null}
          <ol ref={listRef} className="questions__list">
            {questions.fields.map((field, index) => (
              <QuestionCard
                key={field.id}
                id={field.id}
                form={form}
                index={index}
                count={count}
                graded={graded}
                disabled={disabled}
                canDuplicate={!full}
                dragState={
                  drag === null
                    ? undefined
                    : drag.from === index
                      ? 'dragging'
                      : drag.over === index
                        ? drag.from < index
                          ? 'after'
                          : 'before'
                        : undefined
                }
                onMove={move}
                onDuplicate={duplicate}
                onRemove={remove}
                onSaveToBank={(i) => setBank({ saving: i })}
                onDragStart={() => setDrag({ from: index, over: index })}
                onDragOver={(event) => {
                  if (!drag) return;
                  event.preventDefault();
                  if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
                  if (drag.over !== index) setDrag({ ...drag, over: index });
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  dropOn(index);
                }}
                onDragEnd={() => setDrag(null)}
              />
            ))}
          </ol>
          {disabled ? null : (
            <div className="questions__add">
              <SelectField
                ref={addRef}
                label={t('editorQuestions.newType')}
                className="questions__add-type"
                value={newType}
                disabled={disabled}
                onChange={(event) => setNewType(event.currentTarget.value as QuestionType)}
              >
                {QUESTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`editorQuestions.types.${type}`)}
                  </option>
                ))}
              </SelectField>
              <Button
                variant="secondary"
                disabled={disabled || full}
                onClick={() => questions.append(newQuestion(newType))}
              >
                {t('editorQuestions.add')}
              </Button>
              <Button variant="secondary" disabled={disabled || full} onClick={() => setBank({ picking: true })}>
                {t('bank.fromBank')}
              </Button>
              {full ? <p className="field__hint">{t('editorQuestions.questionsMax', { max: QUESTIONS_MAX })}</p> : null}
            </div>
          )}
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {bank && 'picking' in bank ? (
        <BankPickerDialog
          graded={graded}
          room={QUESTIONS_MAX - count}
          onAdd={(added) => {
            questions.append(added);
            setAnnouncement(t('bank.addedToItem', { count: added.length }));
          }}
          onClose={() => setBank(null)}
        />
      ) : null}
      {bank && 'saving' in bank ? (
        <BankQuestionDialog
          start={structuredClone(form.getValues(`questions.${bank.saving}`))}
          onSaved={() => {
            showToast(t('bank.savedFromItem'));
            setBank(null);
          }}
          onClose={() => setBank(null)}
        />
      ) : null}
    </section>
  );
}

/** An answered item's questions: shown as they are, with the way to change them (a copy). */
function LockedQuestions({ form, graded }: { form: Form; graded: boolean }) {
  const { t } = useTranslation('admin');
  const questions: DraftQuestion[] = useWatch({ control: form.control, name: 'questions' }) ?? [];
  return (
    <>
      <p className="questions__locked">{t('editorQuestions.locked')}</p>
      {questions.length === 0 ? <p className="questions__empty">{t('editorQuestions.empty')}</p> : null}
      <ol className="questions__list">
        {questions.map((question, q) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered
          <li key={q} className="question question--readonly">
            <h3 className="question__number">{t('editorQuestions.question', { number: q + 1 })}</h3>
            <p className="question__readonly-title">{question.title}</p>
            <p className="field__hint">{t(`editorQuestions.types.${question.type}`)}</p>
            {isChoiceQuestion(question.type) ? (
              <ol className="answers__readonly" aria-label={t('editorQuestions.answers')}>
                {question.answers.map((answer, a) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered
                  <li key={a}>
                    {answer.title}
                    {graded && answer.isCorrect ? (
                      <>
                        {' '}
                        <span className="tag tag--right">{t('editorQuestions.correctAnswer')}</span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : question.type === 'LINEAR' ? (
              <LinearPreview />
            ) : (
              <p className="question__note">{t('editorQuestions.textNote')}</p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

import { ANSWERS_MAX, LINEAR_POINTS, QUESTION_TYPES, QUESTIONS_MAX, type QuestionType } from '@kanal/contract';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, type UseFieldArrayReturn, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { CloseIcon, Svg } from '@/components/icons';
import { useFormError } from '@/console/lib/form-errors';
import { type ContentDraft, type DraftAnswer, type DraftQuestion, newQuestion } from '../../../lib/content-draft';
import type { SectionProps } from '../../../lib/editor-section';
import '@/components/button.css';
import '@/components/form/form.css';
import '@/components/tag.css';
import './editor-questions.css';

type Props = SectionProps & { locked: boolean };
type Form = SectionProps['form'];

const isChoice = (type: QuestionType | undefined) => type === 'SINGLE' || type === 'MULTIPLE';
const emptyAnswer = (): DraftAnswer => ({ title: '', isCorrect: false });

/**
 * A question's answers once its type becomes `type`: TEXT and LINEAR have none; a choice question starts
 * with two empty ones; SINGLE keeps only the first answer marked correct.
 */
function answersFor(type: QuestionType, answers: readonly DraftAnswer[]): DraftAnswer[] {
  if (!isChoice(type)) return [];
  if (answers.length === 0) return [emptyAnswer(), emptyAnswer()];
  if (type === 'MULTIPLE') return [...answers];
  const first = answers.findIndex((answer) => answer.isCorrect);
  return answers.map((answer, i) => ({ ...answer, isCorrect: i === first }));
}

/** A field's error as the form holds it: a list's own rule (its message, or its `root`) or a field's. */
const errorOf = (error: unknown): FieldError | undefined => {
  const node = error as (FieldError & { root?: FieldError }) | undefined;
  return node?.message ? node : node?.root;
};

/** Runs `focus` once the next render is on the screen (after a move, a removal). */
function useFocusAfterRender() {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pending.current;
    pending.current = null;
    focus?.();
  });
  return (focus: () => void) => {
    pending.current = focus;
  };
}

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
              {full ? <p className="field__hint">{t('editorQuestions.questionsMax', { max: QUESTIONS_MAX })}</p> : null}
            </div>
          )}
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

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
  onDragStart: () => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
};

/** One question: its text and type, its tools, and what its type asks of it (answers, a scale, a note). */
function QuestionCard({ id, form, index, count, graded, disabled, canDuplicate, dragState, ...on }: CardProps) {
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

        {isChoice(type) ? (
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

type AnswersProps = {
  form: Form;
  index: number;
  type: QuestionType;
  graded: boolean;
  answers: UseFieldArrayReturn<ContentDraft, `questions.${number}.answers`>;
};

/** A choice question's answers: their texts, added and removed, and (in a quiz) the correct ones marked. */
function Answers({ form, index, type, graded, answers }: AnswersProps) {
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

/** A LINEAR question as people will see it: five points, 1 to 5. */
function LinearPreview() {
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
            {isChoice(question.type) ? (
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

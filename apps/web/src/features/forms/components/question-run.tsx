import {
  type ContentDetail,
  LINEAR_OPTION_COUNT,
  type Question,
  type QuestionAnswer,
  TEXT_ANSWER_MAX_LENGTH,
} from '@kanal/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form/checkbox';
import { CloseIcon } from '@/components/icons';
import { formStorageKey } from '@/lib/browser/storage-keys';
import { removeStored } from '@/lib/browser/stored-value';
import { useGoBack } from '@/lib/hooks/use-go-back';
import { useTranslation } from '@/lib/i18n';
import { type AnswerKey, type QuestionFlow, useLocalQuestionFlow, useQuestionFlow } from '../hooks/use-question-flow';
import { buildEndState, endPath } from '../lib/form-result';
import type { QuestionCheck } from '../lib/question-flow';
import { QuestionTimer } from './question-timer';
import '@/components/form/form.css';
import '@/content/components/detail.css';
import '@/components/feedback/progress.css';
import './question-run.css';

type Given = Omit<QuestionAnswer, 'questionId'>;

type ChoiceProps = {
  question: Question;
  given: Given | undefined;
  onAnswer: (answer: Given) => void;
};

type TapProps = ChoiceProps & {
  /** Education's single choice: the server's verdict, which marks the pick right or wrong. */
  check: QuestionCheck | undefined;
  checkFailed: boolean;
  labelledBy: string;
};

function optionClass(optionId: number, picked: boolean, check: QuestionCheck | undefined) {
  const classes = ['answer-option'];
  if (picked) classes.push('answer-option--picked');
  if (check?.correctAnswers.includes(optionId)) classes.push('answer-option--correct');
  else if (check && picked) classes.push('answer-option--wrong');
  return classes.join(' ');
}

function feedbackKey(check: QuestionCheck | undefined, checkFailed: boolean) {
  if (check) return check.correct ? 'questions.right' : 'questions.wrong';
  return checkFailed ? 'questions.checkFailed' : null;
}

/** SINGLE and LINEAR: one tap answers. Once answered the options stay focusable but do nothing more. */
function TapChoice({ question, given, check, checkFailed, onAnswer, labelledBy }: TapProps) {
  const { t } = useTranslation('content');
  const linear = question.type === 'LINEAR';
  // The scale is five points (spec point 4); a longer list from an old form would not fit the row.
  const options = linear ? question.answers.slice(0, LINEAR_OPTION_COUNT) : question.answers;
  const pickedId = given?.answers[0];
  const feedback = feedbackKey(check, checkFailed);
  return (
    <>
      <fieldset className={linear ? 'answer-scale' : 'answer-list'} aria-labelledby={labelledBy}>
        {options.map((option) => (
          <button
            key={option.id}
            type="button"
            className={optionClass(option.id, option.id === pickedId, check)}
            aria-pressed={option.id === pickedId}
            aria-disabled={given ? true : undefined}
            onClick={() => {
              if (!given) onAnswer({ answers: [option.id] });
            }}
          >
            {option.title}
            {check?.correctAnswers.includes(option.id) ? (
              <>
                {' '}
                <span className="visually-hidden">({t('questions.correctAnswer')})</span>
              </>
            ) : null}
          </button>
        ))}
      </fieldset>
      <p className="answer-feedback" role="status">
        {feedback ? t(feedback) : null}
      </p>
    </>
  );
}

/** MULTIPLE and TEXT: the user composes the answer, then confirms it with Next (Done on the last question). */
function ComposedAnswer({
  question,
  isLast,
  onAnswer,
  labelledBy,
}: Pick<ChoiceProps, 'question' | 'onAnswer'> & { isLast: boolean; labelledBy: string }) {
  const { t } = useTranslation('content');
  const [picked, setPicked] = useState<readonly number[]>([]);
  const [text, setText] = useState('');
  const textId = useId();
  const isText = question.type === 'TEXT';
  const ready = isText ? text.trim() !== '' : picked.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onAnswer(isText ? { answers: [], text: text.trim() } : { answers: [...picked] });
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {isText ? (
        <div className="field">
          <label className="field__label" htmlFor={textId}>
            {t('questions.textLabel')}
          </label>
          <textarea
            id={textId}
            className="field__input field__textarea"
            rows={4}
            maxLength={TEXT_ANSWER_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </div>
      ) : (
        <fieldset className="answer-checks" aria-labelledby={labelledBy}>
          <p className="field__hint">{t('questions.multipleHint')}</p>
          {question.answers.map((option) => (
            <Checkbox
              key={option.id}
              label={option.title}
              checked={picked.includes(option.id)}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                setPicked((current) => (checked ? [...current, option.id] : current.filter((id) => id !== option.id)));
              }}
            />
          ))}
        </fieldset>
      )}
      <div className="detail__actions">
        <Button type="submit" disabled={!ready}>
          {isLast ? t('questions.done') : t('questions.next')}
        </Button>
      </div>
    </form>
  );
}

type StepProps = {
  flow: QuestionFlow;
  questions: readonly Question[];
  timeLimit: number | null;
  onClose: () => void;
};

/** The one way a question is shown: progress, timer, close, the question and its answers, driven by a flow. */
function QuestionStep({ flow, questions, timeLimit, onClose }: StepProps) {
  const { t } = useTranslation('content');
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { question, index } = flow;

  // Each new question takes the focus, so a screen reader reads it; the first one leaves it where it is.
  const firstIndex = useRef(index);
  useEffect(() => {
    if (index !== firstIndex.current) titleRef.current?.focus();
  }, [index]);

  if (!question) return null;
  const tapped = question.type === 'SINGLE' || question.type === 'LINEAR';
  return (
    <section className="question-run" aria-labelledby={titleId}>
      <div className="question-run__bar">
        <p className="question-run__progress">
          {t('questions.progress', { current: index + 1, total: questions.length })}
        </p>
        {flow.secondsLeft !== null && timeLimit !== null ? (
          <QuestionTimer key={index} secondsLeft={flow.secondsLeft} timeLimit={timeLimit} />
        ) : null}
        <button
          type="button"
          className="icon-button"
          aria-label={t('questions.close')}
          title={t('questions.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      {/* Repeats "Pitanje n / m" for the eye: how far through the questions this one is. */}
      <div className="progress question-run__steps" aria-hidden="true">
        <div className="progress__bar" style={{ width: `${((index + 1) / questions.length) * 100}%` }} />
      </div>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className="question-run__title">
        {question.title}
      </h2>
      {tapped ? (
        <TapChoice
          key={question.id}
          question={question}
          given={flow.given}
          check={flow.check}
          checkFailed={flow.checkFailed}
          onAnswer={flow.answer}
          labelledBy={titleId}
        />
      ) : (
        <ComposedAnswer
          key={question.id}
          question={question}
          isLast={index === questions.length - 1}
          onAnswer={flow.answer}
          labelledBy={titleId}
        />
      )}
    </section>
  );
}

/** The quiz or poll, one question at a time (spec points 2 and 4); ends on the end screen with the answers. */
export function QuestionRun({ item, questions }: { item: ContentDetail; questions: readonly Question[] }) {
  const navigate = useNavigate();
  const goBack = useGoBack(`/content/${item.id}/intro`);
  const flow = useQuestionFlow({
    contentId: item.id,
    contentType: item.type,
    questions,
    timeLimit: item.settings.timeRestriction,
    onComplete: (answers) => navigate(endPath(item), { state: buildEndState(item, answers) }),
  });

  const close = () => {
    removeStored(formStorageKey(item.id));
    goBack();
  };

  return <QuestionStep flow={flow} questions={questions} timeLimit={item.settings.timeRestriction} onClose={close} />;
}

type PreviewProps = {
  item: ContentDetail;
  questions: readonly Question[];
  /** The correct answers, which the preview has and the end user never does. */
  answerKey: AnswerKey;
  onComplete: (answers: QuestionAnswer[]) => void;
  onClose: () => void;
};

/**
 * The same run for the console's preview: the screen the end user sees, the run held in memory only, an
 * education's single choice judged from the answer key. Nothing is stored and no request is made.
 */
export function QuestionPreviewRun({ item, questions, answerKey, onComplete, onClose }: PreviewProps) {
  const flow = useLocalQuestionFlow({
    contentType: item.type,
    questions,
    timeLimit: item.settings.timeRestriction,
    answerKey,
    onComplete,
  });
  return <QuestionStep flow={flow} questions={questions} timeLimit={item.settings.timeRestriction} onClose={onClose} />;
}

import { useTranslation } from 'react-i18next';
import { announcedSeconds } from '../lib/question-flow';
import './question-timer.css';

/** The last seconds are shown in the warning colour. */
const URGENT_SECONDS = 5;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The time left for the current question: seen every second, heard only at a few marks. */
export function QuestionTimer({ secondsLeft, timeLimit }: { secondsLeft: number; timeLimit: number }) {
  const { t } = useTranslation('content');
  const mark = announcedSeconds(secondsLeft, timeLimit);
  return (
    <p className={secondsLeft <= URGENT_SECONDS ? 'question-timer question-timer--urgent' : 'question-timer'}>
      <span className="question-timer__label">{t('questions.timeLeft')}</span>{' '}
      <span role="timer" className="question-timer__value">
        {clock(secondsLeft)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {mark === null ? '' : t('questions.secondsLeft', { count: mark })}
      </span>
    </p>
  );
}

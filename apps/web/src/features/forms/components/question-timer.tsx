import { useTranslation } from '@/lib/i18n';
import { announcedSeconds } from '../lib/question-flow';
import './question-timer.css';

/** The last seconds are shown in the warning colour. */
const URGENT_SECONDS = 5;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const RADIUS = 20;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The time left for the current question: a ring that empties as the time runs out, with the time as
 * text in its middle (the ring only repeats it for the eye); seen every second, heard at a few marks.
 */
export function QuestionTimer({ secondsLeft, timeLimit }: { secondsLeft: number; timeLimit: number }) {
  const { t } = useTranslation('content');
  const mark = announcedSeconds(secondsLeft, timeLimit);
  const left = timeLimit > 0 ? Math.min(1, Math.max(0, secondsLeft / timeLimit)) : 0;
  return (
    <p className={secondsLeft <= URGENT_SECONDS ? 'question-timer question-timer--urgent' : 'question-timer'}>
      <svg className="question-timer__ring" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle className="question-timer__track" cx="24" cy="24" r={RADIUS} />
        <circle
          className="question-timer__left"
          cx="24"
          cy="24"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - left)}
        />
      </svg>
      <span className="visually-hidden">{t('questions.timeLeft')}</span>
      <span role="timer" className="question-timer__value">
        {clock(secondsLeft)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {mark === null ? '' : t('questions.secondsLeft', { count: mark })}
      </span>
    </p>
  );
}

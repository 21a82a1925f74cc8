import { isPassed, type QuestionAnswer, type StaffContent, scoreAnswers } from '@kanal/contract';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Page } from '@/components/page';
import { ContentItemPage } from '@/console/components/content/content-item-page';
import { ReviewActions } from '@/console/components/content/review-panel';
import { useConsole } from '@/console/lib/console-context';
import { markPercent } from '@/content/lib/score';
import { contentPreviewOf, type ContentPreview as Preview } from '@/features/authoring/lib/content-preview';
import { QuestionPreviewRun } from '@/features/forms/components/question-run';
import { ScoreGauge } from '@/features/forms/components/score-gauge';
import { ContentIntro } from '@/features/item/components/content-intro';
import { ContentMaterials } from '@/features/item/components/content-materials';
import { TaskDetail } from '@/features/task/components/task-detail';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/content/components/detail.css';
import '@/features/forms/components/form-end.css';
import './content-preview.css';

type Step = 'intro' | 'materials' | 'questions';

/**
 * The steps a recipient goes through: the intro, the materials (which the intro skips only for questions
 * with nothing to look at first), the questions if there are any.
 */
const stepsOf = ({ item, questions }: Preview): Step[] => [
  'intro',
  ...(item.hasMaterial || questions.length === 0 ? (['materials'] as const) : []),
  ...(questions.length > 0 ? (['questions'] as const) : []),
];

/**
 * /admin/content/{id}/preview: the saved item as its recipients see it, in the end-user app's own screens
 * and look, a phone's width. Nothing is written: the materials are in archive mode, the questions run in
 * memory and an education's answers are judged from the answer key the console has.
 */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <ContentItemPage title={t('content.preview.title')}>{(item) => <ContentPreviewView item={item} />}</ContentItemPage>
  );
}

function ContentPreviewView({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const preview = useMemo(() => contentPreviewOf(item), [item]);
  const steps = stepsOf(preview);
  const [params, setParams] = useSearchParams();
  const asked = params.get('step') as Step | null;
  const step = asked && steps.includes(asked) ? asked : 'intro';
  const go = (next: Step) => setParams(next === 'intro' ? {} : { step: next }, { replace: true });
  const isTask = item.type === 'TASK';
  const panelId = useId();

  let screen: ReactNode;
  if (isTask) {
    screen = (
      <Page>
        <TaskDetail item={preview.item} preview />
      </Page>
    );
  } else if (step === 'materials') {
    screen = (
      <Page title={item.name}>
        <ContentMaterials item={preview.item} material={preview.material} archived />
      </Page>
    );
  } else if (step === 'questions') {
    screen = (
      <Page title={item.name} narrow>
        <PreviewQuestions item={item} preview={preview} onClose={() => go('intro')} />
      </Page>
    );
  } else {
    screen = (
      <Page>
        <ContentIntro item={preview.item} showPromoTag={me.tenant.showPromoTag} onPreviewNext={go} />
      </Page>
    );
  }

  return (
    <div className="content-preview">
      <div className="content-preview__bar">
        <div>
          <p className="content-preview__notice">{t('content.preview.notice')}</p>
          <p className="content-preview__saved">{t('content.preview.saved')}</p>
        </div>
        <div className="content-preview__bar-actions">
          <ReviewActions item={item} />
          <Link to={`/admin/content/${item.id}`} className="button button--secondary">
            {t('content.preview.backToEditor')}
          </Link>
        </div>
      </div>
      {isTask ? (
        <div className="content-preview__phone">{screen}</div>
      ) : (
        <>
          <StepTabs steps={steps} current={step} panelId={panelId} onChange={go} />
          <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${step}`} className="content-preview__phone">
            {screen}
          </div>
        </>
      )}
    </div>
  );
}

/** The steps as tabs (WAI-ARIA tabs: the arrow keys, Home and End move between them). */
function StepTabs({
  steps,
  current,
  panelId,
  onChange,
}: {
  steps: Step[];
  current: Step;
  panelId: string;
  onChange: (step: Step) => void;
}) {
  const { t } = useTranslation('admin');
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = steps.indexOf(current);
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: steps.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = steps[(target + steps.length) % steps.length] ?? current;
    onChange(next);
    document.getElementById(`${panelId}-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('content.preview.stepsLabel')}
      className="content-preview__tabs"
      onKeyDown={onKeyDown}
    >
      {steps.map((step) => (
        <button
          key={step}
          id={`${panelId}-${step}`}
          type="button"
          role="tab"
          className="content-preview__tab"
          aria-selected={step === current}
          aria-controls={panelId}
          tabIndex={step === current ? 0 : -1}
          onClick={() => onChange(step)}
        >
          {t(`content.preview.steps.${step}`)}
        </button>
      ))}
    </div>
  );
}

/** The questions run in memory, again as often as wanted; at the end what a recipient would have scored. */
function PreviewQuestions({ item, preview, onClose }: { item: StaffContent; preview: Preview; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [run, setRun] = useState(0);
  const [answers, setAnswers] = useState<QuestionAnswer[] | null>(null);
  const restart = () => {
    setAnswers(null);
    setRun((current) => current + 1);
  };
  return (
    <>
      {answers ? (
        <PreviewEnd item={item} answers={answers} />
      ) : (
        <QuestionPreviewRun
          key={run}
          item={preview.item}
          questions={preview.questions}
          answerKey={preview.answerKey}
          onComplete={setAnswers}
          onClose={onClose}
        />
      )}
      <div className="detail__actions content-preview__restart">
        <Button variant="secondary" onClick={restart}>
          {t('content.preview.restart')}
        </Button>
      </div>
    </>
  );
}

/** The end of a run: an education's score as its end screen would show it; for the others, their thanks. */
function PreviewEnd({ item, answers }: { item: StaffContent; answers: QuestionAnswer[] }) {
  const { t } = useTranslation('content');
  const { t: tAdmin } = useTranslation('admin');
  const notKept = <p className="note">{tAdmin('content.preview.notKept')}</p>;
  if (item.type !== 'EDUCATION') {
    return (
      <article className="form-end" aria-labelledby="preview-end-title">
        <h2 id="preview-end-title" className="page__title">
          {t('result.pollThanks')}
        </h2>
        <p>{t('result.pollAppreciate')}</p>
        {notKept}
      </article>
    );
  }
  const score = scoreAnswers(item.questions, answers);
  const percent = markPercent(score.finalMark);
  const passed = isPassed(score.finalMark, item.settings.passingScore);
  return (
    <article className="form-end" aria-labelledby="preview-end-title">
      <ScoreGauge percent={percent} passed={passed} />
      <h2 id="preview-end-title" className="page__title">
        {passed ? t('result.passed') : t('result.failed')}
      </h2>
      <p>{t('result.correctCount', { correct: score.correct, count: score.total })}</p>
      {notKept}
    </article>
  );
}

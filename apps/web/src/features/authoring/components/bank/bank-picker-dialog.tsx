import { api, type BankQuestion, LIST_LIMIT_MAX, QUESTIONS_MAX } from '@kanal/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { FilterSelect } from '@/console/components/lists/list-filter';
import { SearchBox } from '@/console/components/lists/search-box';
import { inScope, useConsole } from '@/console/lib/console-context';
import { call } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useBankCategories, useBankPage } from '../../api/question-bank';
import type { DraftQuestion } from '../../lib/content-draft';
import './bank.css';

/** How many bank questions the picker lists at a time. */
const PICKER_PAGE_SIZE = 8;

type Props = {
  /** Whether the item is an education: only then do the copies keep their correct answers. */
  graded: boolean;
  /** How many more questions the item takes. */
  room: number;
  onAdd: (questions: DraftQuestion[]) => void;
  onClose: () => void;
};

/** A copy of a bank question as the editor holds its own: a poll's or an inquiry's has no correct answers. */
const copyOf = (question: BankQuestion, graded: boolean): DraftQuestion => ({
  title: question.title,
  type: question.type,
  answers: question.answers.map((a) => ({ title: a.title, isCorrect: graded && a.isCorrect })),
});

/**
 * The editor's way into the bank: questions found by words and category, each added as a copy (a later change
 * in the bank leaves the item as it is), or a whole category at once, the pool an education may draw from.
 */
export function BankPickerDialog({ graded, room, onAdd, onClose }: Props) {
  const { t } = useTranslation('admin');
  const scope = useConsole();
  const headingId = useId();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(0);
  const [added, setAdded] = useState(0);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string>();
  const bank = useBankPage({ q, category, page, limit: PICKER_PAGE_SIZE });
  const categories = useBankCategories();
  const left = room - added;
  const chosen = categories.data?.find((c) => c.name === category);

  const add = (questions: DraftQuestion[]) => {
    onAdd(questions);
    setAdded((n) => n + questions.length);
  };

  const addCategory = async () => {
    setAdding(true);
    setFailure(undefined);
    try {
      const all = await call(api.listBankQuestions, {
        query: { category, limit: LIST_LIMIT_MAX, offset: 0, ...inScope(scope) },
      });
      add(all.questions.map((question) => copyOf(question, graded)));
    } catch (caught) {
      setFailure(errorText(t, caught));
    } finally {
      setAdding(false);
    }
  };

  const questions = bank.data?.questions ?? [];
  return (
    <Dialog title={t('bank.pickTitle')} onClose={onClose} actions={<Button onClick={onClose}>{t('bank.done')}</Button>}>
      <div className="bank-picker">
        <div className="list-toolbar">
          <SearchBox
            label={t('bank.search')}
            value={q}
            onSearch={(value) => {
              setQ(value);
              setPage(0);
            }}
          />
          <FilterSelect
            label={t('bank.category')}
            anyLabel={t('bank.anyCategory')}
            value={category}
            options={(categories.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.questions})` }))}
            onChange={(value) => {
              setCategory(value);
              setPage(0);
            }}
          />
        </div>
        {chosen ? (
          <div className="bank-picker__category">
            <Button
              variant="secondary"
              loading={adding}
              disabled={chosen.questions > left}
              onClick={() => void addCategory()}
            >
              {t('bank.addCategory', { name: chosen.name, count: chosen.questions })}
            </Button>
            <p className="field__hint">{graded ? t('bank.addCategoryHintQuiz') : t('bank.addCategoryHint')}</p>
          </div>
        ) : null}
        <ErrorText alert>{failure}</ErrorText>
        <h3 id={headingId} className="visually-hidden">
          {t('bank.listTitle')}
        </h3>
        {bank.isPending ? (
          <TableSkeleton columns={2} rows={3} />
        ) : bank.isError ? (
          <ErrorView message={t('bank.loadFailed')} onRetry={() => void bank.refetch()} />
        ) : questions.length === 0 ? (
          <EmptyState title={q || category ? t('bank.noMatchTitle') : t('bank.emptyTitle')}>
            <p>{q || category ? t('bank.noMatchText') : t('bank.emptyPickText')}</p>
          </EmptyState>
        ) : (
          <ul className="bank-picker__list" aria-labelledby={headingId}>
            {questions.map((question) => (
              <li key={question.id} className="bank-picker__row">
                <div>
                  <p className="bank__question">{question.title}</p>
                  <p className="data-table__muted">
                    {question.category} · {t(`editorQuestions.types.${question.type}`)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  disabled={left <= 0}
                  aria-label={t('bank.addNamed', { title: question.title })}
                  onClick={() => add([copyOf(question, graded)])}
                >
                  {t('bank.add')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {bank.data ? (
          <TableFooter count={bank.data.count} page={page} pageSize={PICKER_PAGE_SIZE} onPage={setPage} />
        ) : null}
        <p className="bank-picker__status" role="status">
          {added > 0 ? t('bank.addedCount', { count: added }) : ''}
          {left <= 0 ? ` ${t('editorQuestions.questionsMax', { max: QUESTIONS_MAX })}` : ''}
        </p>
      </div>
    </Dialog>
  );
}

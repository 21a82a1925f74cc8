import { BANK_PAGE_SIZE, type BankQuestion, isChoiceQuestion } from '@kanal/contract';
import { useCallback, useId, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { FilterSelect } from '@/console/components/lists/list-filter';
import { SearchBox } from '@/console/components/lists/search-box';
import { ConsolePage } from '@/console/layout/console-page';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useBankCategories, useBankPage, useDeleteBankQuestion } from '../../api/question-bank';
import { BankQuestionDialog } from './bank-question-dialog';
import '@/components/tag.css';
import './bank.css';

/**
 * /admin/question-bank: the organisation's questions kept by category, searched and paged; written, changed
 * and deleted here (another creator's read-only), and added to items from their editor.
 */
export function QuestionBankScreen() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const page = pageParam(params);
  const bank = useBankPage({ q, category, page });
  const categories = useBankCategories();
  const remove = useDeleteBankQuestion();
  const headingId = useId();
  /** The question being written: a new one (`null`) or one of the bank's. */
  const [editing, setEditing] = useState<BankQuestion | null | undefined>(undefined);
  const [removing, setRemoving] = useState<BankQuestion | null>(null);
  const [failure, setFailure] = useState<string>();
  const onSearch = useCallback((value: string) => update({ q: value }), [update]);
  const questions = bank.data?.questions ?? [];
  const filtered = q !== '' || category !== '';

  const closeRemove = () => {
    setRemoving(null);
    setFailure(undefined);
  };

  return (
    <ConsolePage title={t('bank.title')} actions={<Button onClick={() => setEditing(null)}>{t('bank.new')}</Button>}>
      <p className="bank__intro">{t('bank.intro')}</p>
      <div className="list-toolbar">
        <SearchBox label={t('bank.search')} placeholder={t('bank.searchHint')} value={q} onSearch={onSearch} />
        <FilterSelect
          label={t('bank.category')}
          anyLabel={t('bank.anyCategory')}
          value={category}
          options={(categories.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.questions})` }))}
          onChange={(value) => update({ category: value })}
        />
      </div>
      <h2 id={headingId} className="visually-hidden">
        {t('bank.listTitle')}
      </h2>
      {bank.isPending ? (
        <TableSkeleton columns={4} rows={4} />
      ) : bank.isError ? (
        <ErrorView message={t('bank.loadFailed')} onRetry={() => void bank.refetch()} />
      ) : questions.length === 0 ? (
        <EmptyState title={filtered ? t('bank.noMatchTitle') : t('bank.emptyTitle')}>
          <p>{filtered ? t('bank.noMatchText') : t('bank.emptyText')}</p>
        </EmptyState>
      ) : (
        <table
          className="data-table bank__table"
          aria-labelledby={headingId}
          aria-busy={bank.isPlaceholderData || undefined}
        >
          <thead>
            <tr>
              <th scope="col">{t('bank.columns.question')}</th>
              <th scope="col">{t('bank.columns.category')}</th>
              <th scope="col">{t('bank.columns.saved')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('bank.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {questions.map((question) => (
              <tr key={question.id}>
                <td>
                  <span className="bank__question">{question.title}</span>
                  <span className="data-table__muted">
                    {t(`editorQuestions.types.${question.type}`)}
                    {isChoiceQuestion(question.type)
                      ? ` · ${t('bank.answerCount', { count: question.answers.length })}`
                      : ''}
                    {question.answers.some((a) => a.isCorrect) ? ` · ${t('bank.marked')}` : ''}
                  </span>
                </td>
                <td data-label={t('bank.columns.category')}>{question.category}</td>
                <td data-label={t('bank.columns.saved')}>
                  {formatDateTime(question.updatedAt)}
                  <span className="data-table__muted bank__by">
                    {question.createdBy?.name ?? t('bank.formerAuthor')}
                  </span>
                </td>
                <td className="data-table__actions">
                  {question.mayChange ? (
                    <>
                      <Button
                        variant="secondary"
                        aria-label={t('bank.editNamed', { title: question.title })}
                        onClick={() => setEditing(question)}
                      >
                        {t('bank.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        aria-label={t('bank.deleteNamed', { title: question.title })}
                        onClick={() => setRemoving(question)}
                      >
                        {t('bank.delete')}
                      </Button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bank.data ? (
        <TableFooter
          count={bank.data.count}
          page={page}
          pageSize={BANK_PAGE_SIZE}
          onPage={(next, how) => update({ page: next }, how)}
        />
      ) : null}
      {editing !== undefined ? (
        <BankQuestionDialog
          question={editing ?? undefined}
          onSaved={() => {
            showToast(editing ? t('bank.saved') : t('bank.added'));
            setEditing(undefined);
          }}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('bank.deleteTitle')}
          confirmLabel={t('bank.delete')}
          danger
          pending={remove.isPending}
          error={failure}
          onCancel={closeRemove}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              showToast(t('bank.deleted'));
              closeRemove();
            } catch (caught) {
              setFailure(errorText(t, caught));
            }
          }}
        >
          <p>{t('bank.deleteText', { title: removing.title })}</p>
        </ConfirmDialog>
      ) : null}
    </ConsolePage>
  );
}

import {
  type BankQuestion,
  type BankQuestionBody,
  BankQuestionBodySchema,
  QUESTION_TYPES,
  type QuestionType,
} from '@kanal/contract';
import { useId } from 'react';
import { type FieldError, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFormError } from '@/console/lib/form-errors';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useBankCategories, useSaveBankQuestion } from '../../api/question-bank';
import type { DraftQuestion } from '../../lib/content-draft';
import type { SectionProps } from '../../lib/editor-section';
import { Answers } from '../editor/questions/answer-options';
import { answersFor, errorOf } from '../editor/questions/question-form';
import '../editor/questions/editor-questions.css';
import './bank.css';

/** The dialog's form keeps its one question where the editor keeps an item's (`questions.0`). */
type BankForm = { category: string; questions: [DraftQuestion] };

/** A body path the contract or the server names, as the form's field: `question.x` is `questions.0.x`. */
const fieldOf = (path: string) => (path.startsWith('question') ? path.replace(/^question/, 'questions.0') : path);

type Props = {
  /** The bank's question to change; none for a new one. */
  question?: BankQuestion;
  /** A new question's text and answers (one of an item's, saved from its editor). */
  start?: DraftQuestion;
  onSaved: (saved: BankQuestion) => void;
  onClose: () => void;
};

/** A bank question written or changed: its category, text, type and answers, the correct ones marked or not. */
export function BankQuestionDialog({ question, start, onSaved, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation('common');
  const formError = useFormError();
  const formId = useId();
  const listId = useId();
  const save = useSaveBankQuestion();
  // The bank's categories, offered as the category is typed.
  const categories = useBankCategories();
  const form = useForm<BankForm>({
    defaultValues: {
      category: question?.category ?? '',
      questions: [
        question
          ? { title: question.title, type: question.type, answers: question.answers }
          : (start ?? { title: '', type: 'SINGLE', answers: answersFor('SINGLE', []) }),
      ],
    },
  });
  const { register, formState, setError, clearErrors } = form;
  const type = useWatch({ control: form.control, name: 'questions.0.type' });
  const answers = useFieldArray({ control: form.control, name: 'questions.0.answers' });
  // The editor's answers, which edit an item's questions: this form keeps its question at the same path.
  const editorForm = form as unknown as SectionProps['form'];
  const editorAnswers = answers as unknown as Parameters<typeof Answers>[0]['answers'];

  const submit = form.handleSubmit(async (values) => {
    clearErrors();
    const [draft] = values.questions;
    const body: BankQuestionBody = { category: values.category, question: draft };
    const checked = BankQuestionBodySchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        setError(fieldOf(issue.path.join('.')) as Path<BankForm>, { message: issue.message });
      }
      return;
    }
    try {
      onSaved(await save.mutateAsync({ id: question?.id, body: checked.data }));
    } catch (caught) {
      if (caught instanceof ApiError && caught.field) {
        setError(fieldOf(caught.field) as Path<BankForm>, { type: 'server', message: caught.reason ?? caught.message });
      } else setError('root', { type: 'server', message: errorText(t, caught) });
    }
  });

  const errors = formState.errors;
  const titleError = errors.questions?.[0]?.title;
  return (
    <Dialog
      title={question ? t('bank.editTitle') : t('bank.newTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {common('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={formState.isSubmitting}>
            {t('bank.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="bank-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('bank.category')}
          hint={t('bank.categoryHint')}
          list={listId}
          autoComplete="off"
          error={formError(errors.category as FieldError | undefined)}
          {...register('category')}
        />
        <datalist id={listId}>
          {(categories.data ?? []).map((category) => (
            <option key={category.name} value={category.name} />
          ))}
        </datalist>
        <div className={['field', titleError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${formId}-title`}>
            {t('editorQuestions.questionTitle')}
          </label>
          <textarea
            id={`${formId}-title`}
            className="field__input question__title"
            rows={2}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${formId}-title-error` : undefined}
            {...register('questions.0.title')}
          />
          <ErrorText id={`${formId}-title-error`}>{formError(titleError)}</ErrorText>
        </div>
        <SelectField
          label={t('editorQuestions.type')}
          {...register('questions.0.type', {
            onChange: (event: { target: { value: QuestionType } }) =>
              answers.replace(answersFor(event.target.value, form.getValues('questions.0.answers') ?? [])),
          })}
        >
          {QUESTION_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`editorQuestions.types.${option}`)}
            </option>
          ))}
        </SelectField>
        {type === 'SINGLE' || type === 'MULTIPLE' ? (
          <>
            <p className="field__hint">{t('bank.marksHint')}</p>
            <Answers form={editorForm} index={0} type={type} graded answers={editorAnswers} />
          </>
        ) : (
          <>
            <p className="question__note">
              {type === 'LINEAR' ? t('editorQuestions.linearNote') : t('editorQuestions.textNote')}
            </p>
            <ErrorText>{formError(errorOf(errors.questions?.[0]?.answers))}</ErrorText>
          </>
        )}
        <ErrorText alert>{errors.root?.message}</ErrorText>
      </form>
    </Dialog>
  );
}

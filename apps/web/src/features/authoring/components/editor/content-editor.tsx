import { hasForm, may, type StaffContent, type UpdateContentBody } from '@kanal/contract';
import { useRef } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { useCreateContent, useUpdateContent } from '@/console/api/content';
import { useReviewSettings } from '@/console/api/review';
import { ContentStatusBadge } from '@/console/components/content/content-status-badge';
import { ReviewPanel } from '@/console/components/content/review-panel';
import { ConsolePage } from '@/console/layout/console-page';
import { type ConsoleContext, useConsole } from '@/console/lib/console-context';
import { usePublishedHeight } from '@/console/lib/published-height';
import { ApiError } from '@/lib/api-client';
import { removeStored } from '@/lib/browser/stored-value';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { type ContentDraft, draftField, draftResolver, toBody } from '../../lib/content-draft';
import { AudienceSection } from './editor-audience';
import { BasicsSection } from './editor-basics';
import { PublishSection } from './editor-publish';
import { SettingsSection } from './editor-settings';
import { ItemBar } from './item-bar';
import { MaterialSection } from './material/editor-material';
import { QuestionsSection } from './questions/editor-questions';
import { Autosave, autosaveKey, KeptWork, useAutosave } from './use-autosave';
import { useLeaveGuard } from './use-leave-guard';
import '../content-editor.css';

type EditorProps = {
  /** The item being edited; none while it is new. */
  item?: StaffContent;
  initial: ContentDraft;
  crumbs: { label: string; to: string }[];
};

/** Promotions are the provider's: written by its SUPERADMINs in its own organisation, then sent out. */
export const mayPromote = ({ me, tenantId }: ConsoleContext) => may(me, 'promotions') && tenantId === me.tenant.id;

/** The draft's fields that show an error (a refusal about any other part of the body shows above the buttons). */
const FIELD_ROOTS = new Set<string>([
  'configuration',
  'name',
  'description',
  'category',
  'image',
  'link',
  'text',
  'media',
  'questions',
  'timeLimit',
  'passPercent',
  'certificate',
  'deadline',
  'repeat',
  'reminderMinutes',
  'audience',
  'publishAt',
]);

/** The editor of one item, new or saved: its sections, saved to the server, kept in the browser meanwhile. */
export function ContentEditor({ item, initial, crumbs }: EditorProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const scope = useConsole();
  const { tenantId, canAuthor } = scope;
  const create = useCreateContent();
  const update = useUpdateContent(item?.id ?? 0);
  const form = useForm<ContentDraft>({ defaultValues: initial, resolver: draftResolver, mode: 'onTouched' });
  const { handleSubmit, formState, setError, control } = form;
  const errors = formState.errors;
  const type = initial.type;
  const editable = canAuthor && (item?.editable ?? true);
  const locked = item?.locked ?? false;
  const published = item?.status === 'published' || item?.status === 'archived';
  const publishMode = useWatch({ control, name: 'publishMode' });
  const canPromote = mayPromote(scope);
  // Where the organisation reviews, a creator's item goes to review rather than out (ADR 0065).
  const reviewed = useReviewSettings().data?.reviewed ?? false;
  const toReview = reviewed && publishMode !== 'draft' && item?.status !== 'review';

  const storageKey = autosaveKey(tenantId, item, type);
  const { kept, restore, discard, restored } = useAutosave(form, storageKey, item?.updatedAt ?? null);
  const { saved, blocker } = useLeaveGuard(formState);
  const saveBar = useRef<HTMLDivElement>(null);
  usePublishedHeight(saveBar, '--toast-clearance');

  const submit = handleSubmit(async (draft) => {
    try {
      const body = toBody(draft);
      if (item) {
        const { type: _type, publish, questions, ...rest } = body;
        const patch: UpdateContentBody = {
          ...rest,
          // An answered item keeps its questions; a published one its time, unless the person changed it.
          ...(locked ? {} : { questions }),
          ...(formState.dirtyFields.publishMode || formState.dirtyFields.publishAt ? { publish } : {}),
        };
        const made = await update.mutateAsync(patch);
        saved.current = true;
        removeStored(storageKey);
        const sent = made.status === 'review' && item.status !== 'review';
        showToast(t(sent ? 'content.editor.created.review' : 'content.editor.saved', { name: draft.name }));
      } else {
        const made = await create.mutateAsync(body);
        saved.current = true;
        removeStored(storageKey);
        const outcome = made.status === 'review' ? 'review' : draft.publishMode;
        showToast(t(`content.editor.created.${outcome}`, { name: made.name }));
        navigate(`/admin/content/${made.id}`, { replace: true });
      }
    } catch (error) {
      const field = error instanceof ApiError && error.field ? draftField(error.field) : null;
      if (field && FIELD_ROOTS.has(field.split('.')[0] ?? '') && error instanceof ApiError) {
        setError(
          field as Path<ContentDraft>,
          { type: 'server', message: error.reason ?? error.message },
          { shouldFocus: true },
        );
      } else {
        setError('root', { message: errorText(t, error) });
      }
    }
  });

  const sections = [
    ['basics', t('content.editor.sections.basics')],
    ...(type === 'TASK' ? [] : [['material', t('editorMaterial.title')]]),
    ...(hasForm(type) ? [['questions', t('editorQuestions.title')]] : []),
    ['settings', t('content.editor.sections.settings')],
    ['audience', t('editorAudience.title')],
    ['publish', t('content.editor.sections.publish')],
  ] as const;
  const submitLabel = toReview
    ? t('content.editor.submit.review')
    : item && item.status !== 'draft'
      ? t('content.editor.save')
      : t(`content.editor.submit.${publishMode}`);
  const typeName = t(`contentType.${type}`, { ns: 'common' });
  const sectionProps = { form, disabled: !editable };
  const editorProps = { form, errors, editable };

  return (
    <ConsolePage
      title={item ? item.name : t('content.editor.newOfType', { type: typeName })}
      crumbs={crumbs}
      actions={item ? <ContentStatusBadge status={item.status} /> : null}
    >
      {item ? <ItemBar item={item} /> : null}
      <Autosave form={form} storageKey={storageKey} base={item?.updatedAt ?? null} paused={kept !== null} />
      <KeptWork kept={kept} restore={restore} discard={discard} />
      {item && !item.editable ? (
        <p className="note">
          {reviewed && item.creator.id === scope.me.id && item.status === 'published'
            ? t('content.editor.readOnlyReviewed')
            : t('content.editor.readOnly')}
        </p>
      ) : null}
      {item ? <ReviewPanel item={item} /> : null}

      <div className="content-editor">
        <nav className="content-editor__nav" aria-label={t('content.editor.sectionsLabel')}>
          <ol>
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#editor-${id}`} className="link">
                  {label}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <form className="content-editor__form" noValidate onSubmit={submit}>
          <BasicsSection {...editorProps} type={type} item={item} canPromote={canPromote} />
          {/* Its text editor keeps the text itself: made again when kept work is restored into the form. */}
          {type === 'TASK' ? null : <MaterialSection key={restored} {...sectionProps} />}
          {hasForm(type) ? <QuestionsSection {...sectionProps} locked={locked} /> : null}
          <SettingsSection {...editorProps} type={type} locked={locked} />
          <AudienceSection {...sectionProps} />
          <PublishSection
            {...editorProps}
            item={item}
            published={published}
            publishMode={publishMode}
            reviewed={reviewed}
          />

          {editable ? (
            <div className="content-editor__bar" ref={saveBar}>
              <ErrorText alert>{errors.root?.message}</ErrorText>
              <div className="form__actions">
                <Link to="/admin/content" className="button button--secondary">
                  {t('content.editor.cancel')}
                </Link>
                <Button type="submit" loading={formState.isSubmitting}>
                  {submitLabel}
                </Button>
              </div>
            </div>
          ) : null}
        </form>
      </div>

      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={t('content.editor.leaveTitle')}
          confirmLabel={t('content.editor.leave')}
          danger
          onCancel={() => blocker.reset()}
          onConfirm={() => blocker.proceed()}
        >
          <p>{t('console.unsaved')}</p>
        </ConfirmDialog>
      ) : null}
    </ConsolePage>
  );
}

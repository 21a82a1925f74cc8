import {
  CATEGORY_MAX_LENGTH,
  CONTENT_CONFIGURATIONS,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_TYPE_DISPLAY_ORDER,
  type ContentType,
  hasForm,
  may,
  mayReadItemStats,
  NAME_MAX_LENGTH,
  REMINDER_MINUTES,
  REPEATS,
  type StaffContent,
  TASK_TEXT_MAX_LENGTH,
  TIME_RESTRICTION_MAX_S,
  TIME_RESTRICTION_MIN_S,
  type UpdateContentBody,
} from '@kanal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { type Control, type Path, type UseFormReturn, useForm, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { showToast } from '@/components/feedback/toast';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useCategories, useCreateContent, useUpdateContent } from '@/console/api/content';
import { WithContentItem } from '@/console/components/content-item-page';
import { ContentStatusBadge } from '@/console/components/content-status-badge';
import { ConsolePage } from '@/console/layout/console-page';
import { type ConsoleContext, useConsole } from '@/console/lib/console-context';
import { useFormError } from '@/console/lib/form-errors';
import { useToastClearance } from '@/console/lib/toast-clearance';
import { ApiError } from '@/lib/api-client';
import { readStored, removeStored, writeStored } from '@/lib/browser/stored-value';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import {
  type ContentDraft,
  draftField,
  draftOf,
  draftResolver,
  emptyDraft,
  type PublishMode,
  toBody,
} from '../lib/content-draft';
import { reachLine } from '../lib/content-reach';
import { ContentActions } from './content-actions';
import { AudienceSection } from './editor/editor-audience';
import { CoverField } from './editor/material/cover-field';
import { MaterialSection } from './editor/material/editor-material';
import { QuestionsSection } from './editor/questions/editor-questions';
import './content-editor.css';

/** /admin/content/new: a type chosen first, then the editor. */
export function NewContentScreen() {
  return <NewContent promotion={false} />;
}

/** /admin/content/{id}: the editor, read-only to whoever may not change the item. */
export function ContentEditorScreen() {
  return <EditContent />;
}

/** /admin/promotions/new: a new item made as a promotion, under Promotions in the navigation and the path. */
export function NewPromotionScreen() {
  return <NewContent promotion />;
}

/** Promotions are the provider's: written by its SUPERADMINs in its own organisation, then sent out. */
const mayPromote = ({ me, tenantId }: ConsoleContext) => may(me, 'promotions') && tenantId === me.tenant.id;

function NewContent(props: { promotion: boolean }) {
  const { t } = useTranslation('admin');
  const [type, setType] = useState<ContentType | null>(null);
  const scope = useConsole();
  const promotion = props.promotion && mayPromote(scope);
  const crumbs = promotion
    ? [{ label: t('promotions.title'), to: '/admin/promotions' }]
    : [{ label: t('content.title'), to: '/admin/content' }];
  if (type) {
    const initial = { ...emptyDraft(type), configuration: promotion ? 'PROMOTION' : 'COMMUNICATION' } as const;
    return <ContentEditor key={type} initial={initial} crumbs={crumbs} />;
  }
  return (
    <ConsolePage title={t('content.editor.newTitle')} crumbs={crumbs}>
      <p>{t('content.editor.chooseType')}</p>
      <ul className="content-types">
        {CONTENT_TYPE_DISPLAY_ORDER.map((option) => (
          <li key={option}>
            <button type="button" className="content-types__option" onClick={() => setType(option)}>
              <span className="content-types__name">{t(`contentType.${option}`, { ns: 'common' })}</span>
              <span className="content-types__about">{t(`content.editor.typeAbout.${option}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </ConsolePage>
  );
}

function EditContent() {
  const { t } = useTranslation('admin');
  const crumbs = [{ label: t('content.title'), to: '/admin/content' }];
  return (
    <WithContentItem title={t('content.editor.loadFailed')}>
      {(item) => (
        // A new version from the server (after a save, or another's) starts the form again from it.
        <ContentEditor key={`${item.id}:${item.updatedAt}`} item={item} initial={draftOf(item)} crumbs={crumbs} />
      )}
    </WithContentItem>
  );
}

type EditorProps = {
  /** The item being edited; none while it is new. */
  item?: StaffContent;
  initial: ContentDraft;
  crumbs: { label: string; to: string }[];
};

/** What the browser keeps of an editor's unsaved work: the draft, when, and the version it started from. */
type Autosaved = { draft: ContentDraft; savedAt: string; base: string | null };

const AUTOSAVE_DELAY_MS = 1000;

const autosaveKey = (tenantId: number, item: StaffContent | undefined, type: ContentType) =>
  `kanal.editor.${tenantId}.${item ? item.id : `new-${type}`}`;

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
  'deadline',
  'repeat',
  'reminderMinutes',
  'audience',
  'publishAt',
]);

const isAutosaved = (value: unknown): value is Autosaved =>
  typeof value === 'object' && value !== null && 'draft' in value && 'savedAt' in value;

function ContentEditor({ item, initial, crumbs }: EditorProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const scope = useConsole();
  const { tenantId, canAuthor } = scope;
  const formError = useFormError();
  const create = useCreateContent();
  const update = useUpdateContent(item?.id ?? 0);
  const categories = useCategories();
  const categoriesId = useId();
  const form = useForm<ContentDraft>({ defaultValues: initial, resolver: draftResolver, mode: 'onTouched' });
  const { register, handleSubmit, formState, setError, control } = form;
  const errors = formState.errors;
  const type = initial.type;
  const editable = canAuthor && (item?.editable ?? true);
  const locked = item?.locked ?? false;
  const published = item?.status === 'published' || item?.status === 'archived';
  const publishMode = useWatch({ control, name: 'publishMode' });
  const canPromote = mayPromote(scope);

  // The browser keeps unsaved work: a closed tab or a crash loses at most the last second.
  const storageKey = autosaveKey(tenantId, item, type);
  const [kept, setKept] = useState<Autosaved | null>(() => {
    const stored = readStored(storageKey);
    return isAutosaved(stored) && stored.base === (item?.updatedAt ?? null) ? stored : null;
  });
  // Set before the navigation that follows a save, which the blocker then lets through (a state would
  // reach the blocker only on the next render, after the navigation was blocked).
  const saved = useRef(false);
  const saveBar = useRef<HTMLDivElement>(null);
  useToastClearance(saveBar);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      formState.isDirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!formState.isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!saved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [formState.isDirty]);

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
        await update.mutateAsync(patch);
        saved.current = true;
        removeStored(storageKey);
        showToast(t('content.editor.saved', { name: draft.name }));
      } else {
        const made = await create.mutateAsync(body);
        saved.current = true;
        removeStored(storageKey);
        showToast(t(`content.editor.created.${draft.publishMode}`, { name: made.name }));
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

  const restore = () => {
    if (!kept) return;
    form.reset(kept.draft, { keepDefaultValues: true });
    setKept(null);
  };
  const discard = () => {
    removeStored(storageKey);
    setKept(null);
  };

  const sections = [
    ['basics', t('content.editor.sections.basics')],
    ...(type === 'TASK' ? [] : [['material', t('editorMaterial.title')]]),
    ...(hasForm(type) ? [['questions', t('editorQuestions.title')]] : []),
    ['settings', t('content.editor.sections.settings')],
    ['audience', t('editorAudience.title')],
    ['publish', t('content.editor.sections.publish')],
  ] as const;
  const submitLabel =
    item && item.status !== 'draft' ? t('content.editor.save') : t(`content.editor.submit.${publishMode}`);
  const typeName = t(`contentType.${type}`, { ns: 'common' });
  const sectionProps = { form, disabled: !editable };

  return (
    <ConsolePage
      title={item ? item.name : t('content.editor.newOfType', { type: typeName })}
      crumbs={crumbs}
      actions={item ? <ContentStatusBadge status={item.status} /> : null}
    >
      {item ? <ItemBar item={item} /> : null}
      <Autosave form={form} storageKey={storageKey} base={item?.updatedAt ?? null} paused={kept !== null} />
      {kept ? (
        <div className="note content-editor__kept" role="status">
          <p>{t('content.editor.kept', { time: formatDateTime(kept.savedAt) })}</p>
          <div className="content-editor__kept-actions">
            <Button variant="secondary" onClick={discard}>
              {t('content.editor.discardKept')}
            </Button>
            <Button onClick={restore}>{t('content.editor.restoreKept')}</Button>
          </div>
        </div>
      ) : null}
      {item && !item.editable ? <p className="note">{t('content.editor.readOnly')}</p> : null}

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
          <section
            className="console-panel content-editor__section"
            id="editor-basics"
            aria-labelledby="editor-basics-title"
          >
            <h2 id="editor-basics-title" className="console-panel__title">
              {t('content.editor.sections.basics')}
            </h2>
            <fieldset className="form__group" disabled={!editable}>
              <p className="content-editor__type">
                {t('content.editor.type')}: <strong>{typeName}</strong>
              </p>
              {/* Chosen once, when the item is made: a promotion's copies are what it is. */}
              {canPromote && !item ? (
                <fieldset className="form__group">
                  <legend className="content-editor__legend">{t('content.editor.configuration.label')}</legend>
                  <div className="content-editor__modes">
                    {CONTENT_CONFIGURATIONS.map((configuration) => (
                      <label key={configuration} className="content-editor__mode">
                        <input type="radio" value={configuration} {...register('configuration')} />
                        <span>
                          <span className="content-editor__mode-name">
                            {t(`content.editor.configuration.${configuration}`)}
                          </span>
                          <span className="content-editor__mode-about">
                            {t(`content.editor.configurationAbout.${configuration}`)}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                  <ErrorText>{formError(errors.configuration)}</ErrorText>
                </fieldset>
              ) : item?.configuration === 'PROMOTION' ? (
                <p className="content-editor__type">
                  {t('content.editor.configuration.label')}:{' '}
                  <strong>{t('content.editor.configuration.PROMOTION')}</strong>
                  {canPromote ? (
                    <>
                      {' · '}
                      <Link to={`/admin/promotions/${item.id}`} className="link">
                        {t('content.editor.configuration.sendTo')}
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              <TextField
                label={type === 'TASK' ? t('content.editor.taskTitle') : t('content.editor.name')}
                maxLength={NAME_MAX_LENGTH}
                autoComplete="off"
                error={formError(errors.name)}
                {...register('name')}
              />
              <TextAreaField
                label={type === 'TASK' ? t('content.editor.taskText') : t('content.editor.description')}
                rows={type === 'TASK' ? 4 : 3}
                hint={
                  <CharacterCount
                    control={control}
                    max={type === 'TASK' ? TASK_TEXT_MAX_LENGTH : CONTENT_DESCRIPTION_MAX_LENGTH}
                  />
                }
                error={formError(errors.description)}
                {...register('description')}
              />
              <TextField
                label={t('content.editor.category')}
                hint={t('content.editor.categoryHint')}
                list={categoriesId}
                maxLength={CATEGORY_MAX_LENGTH}
                autoComplete="off"
                error={formError(errors.category)}
                {...register('category')}
              />
              <datalist id={categoriesId}>
                {(categories.data ?? []).map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
              <CoverField {...sectionProps} />
            </fieldset>
          </section>

          {type === 'TASK' ? null : <MaterialSection {...sectionProps} />}
          {hasForm(type) ? <QuestionsSection {...sectionProps} locked={locked} /> : null}

          <section
            className="console-panel content-editor__section"
            id="editor-settings"
            aria-labelledby="editor-settings-title"
          >
            <h2 id="editor-settings-title" className="console-panel__title">
              {t('content.editor.sections.settings')}
            </h2>
            <fieldset className="form__group" disabled={!editable}>
              {type === 'TASK' ? (
                <div className="content-editor__row">
                  <TextField
                    type="datetime-local"
                    label={t('content.editor.deadline')}
                    error={formError(errors.deadline)}
                    {...register('deadline')}
                  />
                  <SelectField
                    label={t('content.editor.repeat')}
                    error={formError(errors.repeat)}
                    {...register('repeat')}
                  >
                    {REPEATS.map((repeat) => (
                      <option key={repeat} value={repeat}>
                        {t(`content.editor.repeats.${repeat}`)}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    label={t('content.editor.reminder')}
                    error={formError(errors.reminderMinutes)}
                    {...register('reminderMinutes')}
                  >
                    <option value="">{t('content.editor.noReminder')}</option>
                    {REMINDER_MINUTES.map((minutes) => (
                      <option key={minutes} value={String(minutes)}>
                        {t(`content.editor.reminders.${minutes}`)}
                      </option>
                    ))}
                  </SelectField>
                </div>
              ) : null}
              {hasForm(type) ? (
                <div className="content-editor__row">
                  <TextField
                    type="number"
                    inputMode="numeric"
                    min={TIME_RESTRICTION_MIN_S}
                    max={TIME_RESTRICTION_MAX_S}
                    label={t('content.editor.timeLimit')}
                    hint={t('content.editor.timeLimitHint', {
                      min: TIME_RESTRICTION_MIN_S,
                      max: TIME_RESTRICTION_MAX_S,
                    })}
                    error={formError(errors.timeLimit)}
                    {...register('timeLimit')}
                  />
                  {type === 'EDUCATION' ? (
                    <TextField
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      label={t('content.editor.passPercent')}
                      hint={locked ? t('content.editor.passLocked') : t('content.editor.passPercentHint')}
                      readOnly={locked}
                      error={formError(errors.passPercent)}
                      {...register('passPercent')}
                    />
                  ) : null}
                </div>
              ) : null}
              <Checkbox label={t('content.editor.comments')} {...register('comments')} />
            </fieldset>
          </section>

          <AudienceSection {...sectionProps} />

          <section
            className="console-panel content-editor__section"
            id="editor-publish"
            aria-labelledby="editor-publish-title"
          >
            <h2 id="editor-publish-title" className="console-panel__title">
              {t('content.editor.sections.publish')}
            </h2>
            {published && item ? (
              <p>{t('content.editor.publishedAt', { time: formatDateTime(item.publishAt) })}</p>
            ) : (
              <fieldset className="form__group" disabled={!editable}>
                <legend className="visually-hidden">{t('content.editor.sections.publish')}</legend>
                <div className="content-editor__modes">
                  {(['now', 'schedule', 'draft'] as const satisfies readonly PublishMode[]).map((mode) => (
                    <label key={mode} className="content-editor__mode">
                      <input type="radio" value={mode} {...register('publishMode')} />
                      <span>
                        <span className="content-editor__mode-name">{t(`content.editor.modes.${mode}`)}</span>
                        <span className="content-editor__mode-about">{t(`content.editor.modesAbout.${mode}`)}</span>
                      </span>
                    </label>
                  ))}
                </div>
                {publishMode === 'schedule' ? (
                  <TextField
                    type="datetime-local"
                    label={t('content.editor.publishAt')}
                    error={formError(errors.publishAt)}
                    {...register('publishAt')}
                  />
                ) : null}
              </fieldset>
            )}
          </section>

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

/**
 * Writes the form to the browser a second after each change while it differs from what was saved, so a
 * closed tab or a crash loses at most that second. Its own component: watching every field re-renders
 * only it, not the whole editor, on each key pressed.
 */
function Autosave({
  form,
  storageKey,
  base,
  paused,
}: {
  form: UseFormReturn<ContentDraft>;
  storageKey: string;
  base: string | null;
  /** While kept work waits to be restored or discarded, it is not overwritten. */
  paused: boolean;
}) {
  const values = useWatch({ control: form.control });
  const { isDirty } = useFormState({ control: form.control });
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the values starts the wait again.
  useEffect(() => {
    if (!isDirty || paused) return;
    const timer = setTimeout(
      () =>
        writeStored(storageKey, {
          draft: form.getValues(),
          savedAt: new Date().toISOString(),
          base,
        } satisfies Autosaved),
      AUTOSAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [values, isDirty, paused, storageKey, base, form]);
  return null;
}

function CharacterCount({ control, max }: { control: Control<ContentDraft>; max: number }) {
  const { t } = useTranslation('admin');
  const description = useWatch({ control, name: 'description' });
  return <>{t('content.editor.characters', { used: description.length, max })}</>;
}

/** An existing item's way to its comments and answers, and what can be done to it besides editing. */
function ItemBar({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { me } = useConsole();
  // Its figures, answers and comments: a creator reads those of their own items only.
  const readsResponses = mayReadItemStats(me, item.creator.id);
  return (
    <div className="content-editor__item-bar">
      <p className="data-table__muted">
        {[t('content.editor.by', { name: item.creator.name }), item.status === 'draft' ? null : reachLine(t, item)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="content-editor__links">
        <Link to={`/admin/content/${item.id}/preview`} className="button button--secondary">
          {t('content.preview.title')}
        </Link>
        {item.status === 'draft' || !readsResponses ? null : (
          <Link to={`/admin/content/${item.id}/statistics`} className="button button--secondary">
            {t('stats.item.link')}
          </Link>
        )}
        {item.settings.comments && readsResponses ? (
          <Link to={`/admin/content/${item.id}/comments`} className="button button--secondary">
            {t('contentResponses.comments.title')}
          </Link>
        ) : null}
        {hasForm(item.type) && readsResponses ? (
          <Link to={`/admin/content/${item.id}/answers`} className="button button--secondary">
            {t('contentResponses.answers.title')}
          </Link>
        ) : null}
        {item.editable ? (
          <ContentActions
            item={{ id: item.id, name: item.name, status: item.status, ...item.counts }}
            onDeleted={() => navigate('/admin/content', { replace: true })}
          />
        ) : null}
      </div>
      {item.locked ? <p className="note">{t('content.editor.locked')}</p> : null}
    </div>
  );
}

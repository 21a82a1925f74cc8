import {
  MATERIAL_TEXT_MAX_LENGTH,
  MEDIA_MAX,
  NAME_MAX_LENGTH,
  parseVideoLink,
  type StoredFile,
  UPLOAD_MAX_BYTES,
  type VideoLink,
} from '@kanal/contract';
import type { TFunction } from 'i18next';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, type UseFormReturn, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DocumentIcon } from '@/components/content-icons';
import { ErrorText } from '@/components/form/error-text';
import { FileButton } from '@/components/form/file-button';
import { TextField } from '@/components/form/text-field';
import { Svg } from '@/components/icons';
import { uploadContentFile } from '@/console/api/content';
import { type ConsoleContext, inScope, useConsole } from '@/console/lib/console-context';
import { useFormError } from '@/console/lib/form-errors';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { fileUrl } from '@/lib/file-url';
import { formatFileSize } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { ContentDraft, DraftFile } from '../../../lib/content-draft';
import type { SectionProps } from '../../../lib/editor-section';
import '@/components/button.css';
import '@/components/form/file-button.css';
import '@/components/form/form.css';
import '@/components/feedback/progress.css';
import './editor-material.css';

type Form = UseFormReturn<ContentDraft>;

// ---------------------------------------------------------------------------------------------------
// Uploads: each file on its way, with its progress, and what went wrong when it did not arrive.

type Upload = {
  key: number;
  file: File;
  /** 0..1 of the file's bytes sent. */
  progress: number;
  /** Why it did not arrive (the server's words, or the editor's own check); none while it is on its way. */
  error?: string;
  /** Whether another try could help: not for a file the editor or the server turned down (mayHelpAgain). */
  retriable: boolean;
};

let lastUploadKey = 0;

/** Where the console shows an uploaded file: the organisation it works in is named when it is another's. */
function draftFileOf(stored: StoredFile, scope: Pick<ConsoleContext, 'me' | 'tenantId'>, name: string): DraftFile {
  return {
    fileId: stored.id,
    name,
    mime: stored.mime,
    size: stored.size,
    url: fileUrl(stored.id, inScope(scope)),
  };
}

/**
 * Whether sending the same file again may succeed: after a lost connection or a failure of the server's,
 * yes; the file's own refusal (its type, its size: a 4xx but "too many") would come back the same.
 */
const mayHelpAgain = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

/**
 * Several uploads at once, each cancellable; `onStored` takes each file that arrived. Uploads still on
 * their way when the editor closes are cancelled.
 */
function useUploads(onStored: (stored: StoredFile, scope: ConsoleContext) => void) {
  const { t } = useTranslation('admin');
  const scope = useConsole();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const stored = useRef(onStored);
  stored.current = onStored;

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const change = (key: number, changes: Partial<Upload> | null) =>
    setUploads((list) =>
      changes === null
        ? list.filter((upload) => upload.key !== key)
        : list.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)),
    );

  const send = (key: number, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    const progress = (fraction: number) => {
      if (!controller.signal.aborted) change(key, { progress: fraction });
    };
    uploadContentFile(scope, file, progress, controller.signal).then(
      (result) => {
        controllers.current.delete(key);
        change(key, null);
        stored.current(result, scope);
      },
      (error: unknown) => {
        // Cancelled (or the editor closed): its row is already gone.
        if (controller.signal.aborted) return;
        controllers.current.delete(key);
        change(key, { error: serverMessage(t, error), retriable: mayHelpAgain(error) });
      },
    );
  };

  /** Starts the files `problem` finds nothing wrong with; the others are shown with their problem. */
  const add = (files: File[], problem: (file: File) => string | undefined) => {
    const added = files.map((file): Upload => {
      lastUploadKey += 1;
      return { key: lastUploadKey, file, progress: 0, error: problem(file), retriable: false };
    });
    setUploads((list) => [...list, ...added]);
    for (const upload of added) if (upload.error === undefined) send(upload.key, upload.file);
  };

  /** Cancels an upload on its way, or forgets one that failed. */
  const drop = (key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    change(key, null);
  };

  const retry = (upload: Upload) => {
    change(upload.key, { error: undefined, progress: 0 });
    send(upload.key, upload.file);
  };

  return { uploads, add, drop, retry };
}

const isImage = (mime: string) => mime.startsWith('image/');

/** What the picker accepts is only a filter (it can be switched off, and a drop has none). */
function fileProblem(t: TFunction, file: File, kind: 'image' | 'media'): string | undefined {
  if (file.size > UPLOAD_MAX_BYTES) {
    return t('editorMaterial.upload.tooLarge', { size: formatFileSize(UPLOAD_MAX_BYTES, currentLanguage()) });
  }
  if (file.size === 0) return t('editorMaterial.upload.empty');
  if (kind === 'image' && !isImage(file.type)) return t('editorMaterial.cover.notImage');
  // The server decides a file's type by its bytes; only what is plainly none of its kinds is turned down here.
  if (kind === 'media' && file.type !== '' && !/^(image|video|audio)\/|^application\/pdf$/.test(file.type)) {
    return t('editorMaterial.upload.unsupported');
  }
  return undefined;
}

function UploadItem({ upload, onCancel, onRetry }: { upload: Upload; onCancel: () => void; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const name = upload.file.name;
  const percent = Math.round(upload.progress * 100);
  return (
    <div className={upload.error === undefined ? 'upload' : 'upload upload--failed'}>
      <p className="upload__file">
        <span className="upload__name">{name}</span>
        <span className="upload__size">{formatFileSize(upload.file.size, currentLanguage())}</span>
      </p>
      {upload.error === undefined ? (
        <div className="upload__row">
          <div
            className="progress upload__bar"
            role="progressbar"
            aria-label={t('editorMaterial.upload.progress', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('editorMaterial.upload.percent', { percent })}
          >
            <div className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
          <span className="upload__percent" aria-hidden="true">
            {t('editorMaterial.upload.percent', { percent })}
          </span>
          <Button variant="secondary" aria-label={t('editorMaterial.upload.cancelNamed', { name })} onClick={onCancel}>
            {t('editorMaterial.upload.cancel')}
          </Button>
        </div>
      ) : (
        <>
          <ErrorText alert>{upload.error}</ErrorText>
          <div className="upload__row">
            {upload.retriable ? (
              <Button
                variant="secondary"
                aria-label={t('editorMaterial.upload.retryNamed', { name })}
                onClick={onRetry}
              >
                {t('editorMaterial.upload.retry')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              aria-label={t('editorMaterial.upload.removeNamed', { name })}
              onClick={onCancel}
            >
              {t('editorMaterial.upload.remove')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// The cover picture.

/** The cover picture: one image, uploaded or removed. */
export function CoverField({ form, disabled }: SectionProps) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const errorId = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  const image = useWatch({ control: form.control, name: 'image' });
  const { errors } = useFormState({ control: form.control, name: 'image' });
  const [said, setSaid] = useState('');
  const focusPicker = useRef(false);
  const { uploads, add, drop, retry } = useUploads((stored, scope) => {
    form.setValue('image', draftFileOf(stored, scope, stored.name), { shouldDirty: true, shouldTouch: true });
    form.clearErrors('image');
    setSaid(t('editorMaterial.cover.done'));
  });
  const upload = uploads[0];
  const uploading = upload !== undefined && upload.error === undefined;
  // The cover is one value: its error is about the whole of it.
  const error = formError(errors.image as FieldError | undefined);

  const choose = (file: File) => {
    for (const earlier of uploads) drop(earlier.key);
    setSaid('');
    add([file], (chosen) => fileProblem(t, chosen, 'image'));
  };
  const remove = () => {
    form.setValue('image', null, { shouldDirty: true, shouldTouch: true });
    form.clearErrors('image');
    setSaid(t('editorMaterial.cover.removed'));
    focusPicker.current = true;
  };

  // Once the image (and its button) is gone, the picker is what there is to do next.
  useEffect(() => {
    if (!focusPicker.current || image) return;
    focusPicker.current = false;
    box.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [image]);

  return (
    <fieldset
      ref={box}
      className={error ? 'form__group cover-field cover-field--invalid' : 'form__group cover-field'}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{t('editorMaterial.cover.label')}</legend>
      {image ? (
        <img className="cover-field__preview" src={image.url} alt={t('editorMaterial.cover.alt')} />
      ) : (
        <p className="field__hint">{t('editorMaterial.cover.none')}</p>
      )}
      {upload ? <UploadItem upload={upload} onCancel={() => drop(upload.key)} onRetry={() => retry(upload)} /> : null}
      {/* Read-only (an analyst's, another author's item): the image is shown, not offered for change. */}
      {disabled ? null : (
        <div className="cover-field__actions">
          <FileButton
            label={t(image ? 'editorMaterial.cover.replace' : 'editorMaterial.cover.choose')}
            accept="image/*"
            hint={t('editorMaterial.cover.hint', { size: formatFileSize(UPLOAD_MAX_BYTES, currentLanguage()) })}
            disabled={disabled || uploading}
            onFile={choose}
          />
          {image ? (
            <Button variant="secondary" disabled={disabled} onClick={remove}>
              {t('editorMaterial.cover.remove')}
            </Button>
          ) : null}
        </div>
      )}
      <ErrorText id={errorId}>{error}</ErrorText>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------
// The material: video link, text and media.

/** The material: a video link with its embed previewed, a text, and the media (uploads, order, captions). */
export function MaterialSection({ form, disabled }: SectionProps) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <section id="editor-material" className="console-panel editor-material" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('editorMaterial.title')}
      </h2>
      <p className="form__intro">{t('editorMaterial.intro')}</p>
      <fieldset className="form__group" disabled={disabled}>
        <VideoLinkField form={form} />
        <MaterialText form={form} />
        <MediaField form={form} disabled={disabled} />
      </fieldset>
    </section>
  );
}

const embedUrl = (video: VideoLink) =>
  video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}`
    : `https://player.vimeo.com/video/${video.id}?dnt=1`;

const VIDEO_LINK_ERROR: FieldError = { type: 'validate', message: 'validation.videoLink' };

function VideoLinkField({ form }: { form: Form }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const link = useWatch({ control: form.control, name: 'link' }) ?? '';
  const { errors, touchedFields } = useFormState({ control: form.control, name: 'link' });
  const video = link.trim() === '' ? null : parseVideoLink(link);
  // Said once the field is left: while the link is being typed or pasted it is not wrong yet.
  const unrecognised = Boolean(touchedFields.link) && link.trim() !== '' && video === null;
  const error = formError(errors.link) ?? (unrecognised ? formError(VIDEO_LINK_ERROR) : undefined);
  return (
    <div className="editor-material__link">
      <TextField
        label={t('editorMaterial.link.label')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint={t('editorMaterial.link.hint')}
        error={error}
        {...form.register('link')}
      />
      {video ? (
        <div className="editor-material__embed">
          <iframe
            src={embedUrl(video)}
            title={t(`editorMaterial.link.preview.${video.provider}`)}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        </div>
      ) : null}
    </div>
  );
}

function MaterialText({ form }: { form: Form }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const id = useId();
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const { errors } = useFormState({ control: form.control, name: 'text' });
  const error = formError(errors.text);
  const numbers = new Intl.NumberFormat(currentLanguage());
  // Read out only near the limit: at every key it would drown what is being typed.
  const nearLimit = text.length >= MATERIAL_TEXT_MAX_LENGTH * 0.9;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {t('editorMaterial.text.label')}
      </label>
      <textarea
        id={id}
        className="field__input field__textarea editor-material__text"
        rows={8}
        maxLength={MATERIAL_TEXT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        {...form.register('text')}
      />
      <p
        id={`${id}-count`}
        className={nearLimit ? 'field__hint editor-material__count--near' : 'field__hint'}
        aria-live={nearLimit ? 'polite' : 'off'}
      >
        {t('editorMaterial.text.count', {
          length: numbers.format(text.length),
          max: numbers.format(MATERIAL_TEXT_MAX_LENGTH),
        })}
      </p>
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </div>
  );
}

/** A medium's caption from its file name: without the extension, which means nothing to readers. */
const captionOf = (fileName: string) => (fileName.replace(/\.[^.]+$/, '').trim() || fileName).slice(0, NAME_MAX_LENGTH);

type Move = { id: string; direction: 'up' | 'down' } | { removedAt: number };

function MediaField({ form, disabled }: { form: Form; disabled: boolean }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const titleId = useId();
  const hintId = useId();
  const list = useRef<HTMLOListElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'media' });
  const media = useWatch({ control: form.control, name: 'media' }) ?? [];
  const { errors } = useFormState({ control: form.control, name: 'media' });
  const [said, setSaid] = useState('');
  const [overflow, setOverflow] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const focusNext = useRef<Move | null>(null);
  const { uploads, add, drop, retry } = useUploads((stored, scope) => {
    // Not focused: the editor may be typing elsewhere while files arrive.
    append(draftFileOf(stored, scope, captionOf(stored.name)), { shouldFocus: false });
    setSaid(t('editorMaterial.media.uploaded', { name: stored.name }));
  });

  const captionAt = (index: number) =>
    media[index]?.name.trim() || t('editorMaterial.media.untitled', { position: index + 1 });
  const waiting = uploads.filter((upload) => upload.error === undefined || upload.retriable).length;
  const room = MEDIA_MAX - fields.length - waiting;
  const full = room <= 0;

  // After a move the moved row's button keeps the focus (or its other one, at either end of the list);
  // after a removal the next row's does, or the picker.
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-medium]') ?? [];
    if ('removedAt' in next) {
      const row = rows[Math.min(next.removedAt, rows.length - 1)];
      (row?.querySelector<HTMLButtonElement>('[data-action="remove"]') ?? picker.current)?.focus();
      return;
    }
    const row = [...rows].find((element) => element.dataset.medium === next.id);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${next.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-action="${next.direction === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

  const choose = (files: File[]) => {
    if (disabled || files.length === 0) return;
    setOverflow(files.length > room);
    setSaid('');
    add(files.slice(0, Math.max(0, room)), (file) => fileProblem(t, file, 'media'));
  };

  const reorder = (from: number, to: number) => {
    if (disabled || from === to || to < 0 || to >= fields.length) return;
    const name = captionAt(from);
    move(from, to);
    setSaid(t('editorMaterial.media.moved', { name, position: to + 1, total: fields.length }));
  };

  const shift = (index: number, direction: 'up' | 'down') => {
    const field = fields[index];
    if (!field) return;
    focusNext.current = { id: field.id, direction };
    reorder(index, direction === 'up' ? index - 1 : index + 1);
  };

  const removeAt = (index: number) => {
    const name = captionAt(index);
    focusNext.current = { removedAt: index };
    remove(index);
    setSaid(t('editorMaterial.media.removed', { name }));
  };

  const endDrag = () => {
    dragFrom.current = null;
    setDragged(null);
    setOver(null);
  };

  const carriesFiles = (event: DragEvent) =>
    dragFrom.current === null && Array.from(event.dataTransfer?.types ?? []).includes('Files');

  // A file let go anywhere on the zone is taken; when none can be, it is refused rather than opened by the browser.
  const dragOverZone = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    const accepting = !disabled && !full;
    if (event.dataTransfer) event.dataTransfer.dropEffect = accepting ? 'copy' : 'none';
    setDropping(accepting);
  };
  const leaveZone = (event: DragEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node && event.currentTarget.contains(to))) setDropping(false);
  };
  const dropOnZone = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    if (!disabled && !full) choose(Array.from(event.dataTransfer?.files ?? []));
  };

  const rootError = formError(errors.media?.root ?? (errors.media as FieldError | undefined));

  return (
    <div className="editor-material__media">
      <h3 id={titleId} className="editor-material__subtitle">
        {t('editorMaterial.media.title')}
      </h3>
      <p id={hintId} className="field__hint">
        {t('editorMaterial.media.hint', {
          size: formatFileSize(UPLOAD_MAX_BYTES, currentLanguage()),
          max: MEDIA_MAX,
        })}
      </p>

      {fields.length > 0 ? (
        <ol ref={list} className="media-list" aria-label={t('editorMaterial.media.list')}>
          {fields.map((field, index) => {
            const caption = captionAt(index);
            const captionId = `${titleId}-${field.id}`;
            const captionError = formError(errors.media?.[index]?.name);
            const classes = [
              'media-item',
              dragged === index ? 'media-item--dragged' : '',
              over === index && dragged !== index ? 'media-item--target' : '',
            ];
            return (
              <li
                key={field.id}
                data-medium={field.id}
                className={classes.filter(Boolean).join(' ')}
                onDragOver={(event) => {
                  if (dragFrom.current === null) return;
                  event.preventDefault();
                  if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
                  setOver(index);
                }}
                onDrop={(event) => {
                  const from = dragFrom.current;
                  if (from === null) return;
                  event.preventDefault();
                  endDrag();
                  reorder(from, index);
                }}
              >
                <span
                  className="media-item__handle"
                  draggable={!disabled}
                  title={disabled ? undefined : t('editorMaterial.media.dragHint')}
                  aria-hidden="true"
                  onDragStart={(event) => {
                    if (disabled) {
                      event.preventDefault();
                      return;
                    }
                    dragFrom.current = index;
                    setDragged(index);
                    const transfer = event.dataTransfer;
                    if (!transfer) return;
                    transfer.effectAllowed = 'move';
                    transfer.setData('text/plain', caption);
                    const row = event.currentTarget.closest('li');
                    if (row && typeof transfer.setDragImage === 'function') transfer.setDragImage(row, 24, 24);
                  }}
                  onDragEnd={endDrag}
                >
                  <GripIcon />
                </span>
                <MediumPreview file={media[index] ?? field} caption={caption} />
                <div
                  className={captionError ? 'field field--invalid media-item__caption' : 'field media-item__caption'}
                >
                  <label className="field__label" htmlFor={captionId}>
                    {t('editorMaterial.media.caption')}{' '}
                    <span className="visually-hidden">
                      {t('editorMaterial.media.position', { position: index + 1, total: fields.length })}
                    </span>
                  </label>
                  <input
                    id={captionId}
                    className="field__input"
                    autoComplete="off"
                    maxLength={NAME_MAX_LENGTH}
                    aria-invalid={captionError ? true : undefined}
                    aria-describedby={captionError ? `${captionId}-error` : undefined}
                    {...form.register(`media.${index}.name`)}
                  />
                  <ErrorText id={`${captionId}-error`}>{captionError}</ErrorText>
                  <p className="media-item__meta">
                    {t(`editorMaterial.media.kind.${kindOf(field.mime)}`)} ·{' '}
                    {formatFileSize(field.size, currentLanguage())}
                  </p>
                </div>
                <div className="media-item__actions">
                  <button
                    type="button"
                    className="icon-button media-item__move"
                    data-action="up"
                    disabled={disabled || index === 0}
                    aria-label={t('editorMaterial.media.moveUp', { name: caption })}
                    title={t('editorMaterial.media.moveUpShort')}
                    onClick={() => shift(index, 'up')}
                  >
                    <ArrowIcon direction="up" />
                  </button>
                  <button
                    type="button"
                    className="icon-button media-item__move"
                    data-action="down"
                    disabled={disabled || index === fields.length - 1}
                    aria-label={t('editorMaterial.media.moveDown', { name: caption })}
                    title={t('editorMaterial.media.moveDownShort')}
                    onClick={() => shift(index, 'down')}
                  >
                    <ArrowIcon direction="down" />
                  </button>
                  <Button
                    variant="secondary"
                    data-action="remove"
                    disabled={disabled}
                    aria-label={t('editorMaterial.media.removeNamed', { name: caption })}
                    onClick={() => removeAt(index)}
                  >
                    {t('editorMaterial.media.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="field__hint">{t('editorMaterial.media.none')}</p>
      )}

      {uploads.length > 0 ? (
        <ul className="upload-list" aria-label={t('editorMaterial.upload.list')}>
          {uploads.map((upload) => (
            <li key={upload.key}>
              <UploadItem upload={upload} onCancel={() => drop(upload.key)} onRetry={() => retry(upload)} />
            </li>
          ))}
        </ul>
      ) : null}

      {/* biome-ignore lint/a11y/noStaticElementInteractions: only a drop target for the mouse; the picker inside is the way in for the keyboard */}
      <div
        className={['drop-zone', dropping ? 'drop-zone--active' : '', disabled || full ? 'drop-zone--off' : '']
          .filter(Boolean)
          .join(' ')}
        onDragEnter={dragOverZone}
        onDragOver={dragOverZone}
        onDragLeave={leaveZone}
        onDrop={dropOnZone}
      >
        <p className="drop-zone__text">
          {full ? t('editorMaterial.media.full', { max: MEDIA_MAX }) : t('editorMaterial.media.drop')}
        </p>
        <div className="file-button">
          <input
            ref={picker}
            id={`${titleId}-picker`}
            type="file"
            multiple
            className="file-button__input visually-hidden"
            aria-describedby={hintId}
            disabled={disabled || full}
            onChange={(event) => {
              const chosen = Array.from(event.currentTarget.files ?? []);
              // Emptied, so choosing the same files again (once fixed) is a change as well.
              event.currentTarget.value = '';
              choose(chosen);
            }}
          />
          <label htmlFor={`${titleId}-picker`} className="button button--secondary file-button__label">
            {t('editorMaterial.media.choose')}
          </label>
        </div>
      </div>
      {overflow ? <ErrorText alert>{t('editorMaterial.media.tooMany', { max: MEDIA_MAX })}</ErrorText> : null}
      <ErrorText>{rootError}</ErrorText>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

type Kind = 'image' | 'video' | 'audio' | 'document';

const kindOf = (mime: string): Kind =>
  isImage(mime) ? 'image' : mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : 'document';

function MediumPreview({ file, caption }: { file: DraftFile; caption: string }) {
  const { t } = useTranslation('admin');
  const kind = kindOf(file.mime);
  if (kind === 'image') return <img className="media-item__preview" src={file.url} alt={caption} loading="lazy" />;
  if (kind === 'video') {
    return (
      <video
        className="media-item__preview"
        src={file.url}
        preload="metadata"
        controls
        muted
        aria-label={t('editorMaterial.media.videoPreview', { name: caption })}
      />
    );
  }
  return (
    <span className="media-item__preview media-item__preview--document">
      <DocumentIcon />
      <span className="media-item__type">{t(`editorMaterial.media.kind.${kind}`)}</span>
    </span>
  );
}

function GripIcon() {
  return (
    <Svg width="20" height="20">
      <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth="3" />
    </Svg>
  );
}

function ArrowIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <Svg width="20" height="20">
      <path d={direction === 'up' ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'} />
    </Svg>
  );
}

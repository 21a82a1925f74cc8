import { MEDIA_MAX, NAME_MAX_LENGTH, UPLOAD_MAX_BYTES } from '@kanal/contract';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, type UseFormReturn, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { Svg } from '@/components/icons';
import { useFormError } from '@/console/lib/form-errors';
import { formatFileSize } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../../lib/content-draft';
import { kindOf, MediumPreview } from './medium-preview';
import { UploadItem } from './upload-item';
import { draftFileOf, fileProblem, useUploads } from './use-uploads';

type Form = UseFormReturn<ContentDraft>;

/** A medium's caption from its file name: without the extension, which means nothing to readers. */
const captionOf = (fileName: string) => (fileName.replace(/\.[^.]+$/, '').trim() || fileName).slice(0, NAME_MAX_LENGTH);

type Move = { id: string; direction: 'up' | 'down' } | { removedAt: number };

export function MediaField({ form, disabled }: { form: Form; disabled: boolean }) {
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

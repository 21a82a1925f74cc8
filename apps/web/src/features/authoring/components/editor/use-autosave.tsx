import type { ContentType, StaffContent } from '@kanal/contract';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { readStored, removeStored, writeStored } from '@/lib/browser/stored-value';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../lib/content-draft';

/** What the browser keeps of an editor's unsaved work: the draft, when, and the version it started from. */
type Autosaved = { draft: ContentDraft; savedAt: string; base: string | null };

const AUTOSAVE_DELAY_MS = 1000;

export const autosaveKey = (tenantId: number, item: StaffContent | undefined, type: ContentType) =>
  `kanal.editor.${tenantId}.${item ? item.id : `new-${type}`}`;

const isAutosaved = (value: unknown): value is Autosaved =>
  typeof value === 'object' && value !== null && 'draft' in value && 'savedAt' in value;

/**
 * The browser keeps unsaved work: a closed tab or a crash loses at most the last second. What it kept of
 * this version of the item (`base`) is offered back: restored into the form, or discarded.
 */
export function useAutosave(form: UseFormReturn<ContentDraft>, storageKey: string, base: string | null) {
  const [kept, setKept] = useState<Autosaved | null>(() => {
    const stored = readStored(storageKey);
    return isAutosaved(stored) && stored.base === base ? stored : null;
  });
  // Each restore counts: the editor's sections that keep state of their own are made again from the form.
  const [restored, setRestored] = useState(0);
  const restore = () => {
    if (!kept) return;
    form.reset(kept.draft, { keepDefaultValues: true });
    setKept(null);
    setRestored((count) => count + 1);
  };
  const discard = () => {
    removeStored(storageKey);
    setKept(null);
  };
  return { kept, restore, discard, restored };
}

/** The work the browser kept, offered back: restored or discarded. */
export function KeptWork({
  kept,
  restore,
  discard,
}: {
  kept: Autosaved | null;
  restore: () => void;
  discard: () => void;
}) {
  const { t } = useTranslation('admin');
  if (!kept) return null;
  return (
    <div className="note content-editor__kept" role="status">
      <p>{t('content.editor.kept', { time: formatDateTime(kept.savedAt) })}</p>
      <div className="content-editor__kept-actions">
        <Button variant="secondary" onClick={discard}>
          {t('content.editor.discardKept')}
        </Button>
        <Button onClick={restore}>{t('content.editor.restoreKept')}</Button>
      </div>
    </div>
  );
}

/**
 * Writes the form to the browser a second after each change while it differs from what was saved, so a
 * closed tab or a crash loses at most that second. Its own component: watching every field re-renders
 * only it, not the whole editor, on each key pressed.
 */
export function Autosave({
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

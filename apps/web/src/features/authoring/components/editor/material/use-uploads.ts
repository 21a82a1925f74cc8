import { type StoredFile, UPLOAD_MAX_BYTES } from '@kanal/contract';
import { useEffect, useRef, useState } from 'react';
import { uploadContentFile } from '@/console/api/content';
import { type ConsoleContext, inScope, useConsole } from '@/console/lib/console-context';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { fileUrl } from '@/lib/file-url';
import { formatFileSize } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { DraftFile } from '../../../lib/content-draft';

// Uploads: each file on its way, with its progress, and what went wrong when it did not arrive.

export type Upload = {
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
export function draftFileOf(
  stored: StoredFile,
  scope: Pick<ConsoleContext, 'me' | 'tenantId'>,
  name: string,
): DraftFile {
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
export function useUploads(onStored: (stored: StoredFile, scope: ConsoleContext) => void) {
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

export const isImage = (mime: string) => mime.startsWith('image/');

/** What the picker accepts is only a filter (it can be switched off, and a drop has none). */
export function fileProblem(t: TFunction, file: File, kind: 'image' | 'media'): string | undefined {
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

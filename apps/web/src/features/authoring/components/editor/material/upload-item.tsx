import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { formatFileSize } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { Upload } from './use-uploads';

export function UploadItem({
  upload,
  onCancel,
  onRetry,
}: {
  upload: Upload;
  onCancel: () => void;
  onRetry: () => void;
}) {
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

import type { Media } from '@kanal/contract';
import { CheckIcon, DocumentIcon } from '@/components/content-icons';
import { formatFileSize } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { safeMediaUrl } from '../lib/safe-media-url';
import './document-list.css';

type Props = {
  documents: Media[];
  opened: ReadonlySet<number>;
  /** Absent in archive mode, where documents are not marked as seen (spec point 2). */
  onOpen?: (id: number) => void;
};

export function DocumentList({ documents, opened, onOpen }: Props) {
  const { t } = useTranslation('content');
  return (
    <section className="documents" aria-labelledby="documents-title">
      <h2 id="documents-title" className="section-title">
        {t('materials.documents')}
      </h2>
      <ul className="documents__list">
        {documents.map((document) => {
          const url = safeMediaUrl(document.url);
          const isOpened = opened.has(document.id);
          return (
            <li key={document.id} className="documents__row">
              <DocumentIcon />
              {url ? (
                <a
                  className="documents__link"
                  href={url}
                  target="_blank"
                  rel="noopener"
                  onClick={() => onOpen?.(document.id)}
                  onAuxClick={() => onOpen?.(document.id)}
                >
                  {document.name}
                  <span className="visually-hidden"> {t('materials.newTab')}</span>
                </a>
              ) : (
                <span className="documents__link">{document.name}</span>
              )}
              <span className="documents__size">{formatFileSize(document.size, currentLanguage())}</span>
              {isOpened ? (
                <span className="documents__opened">
                  <CheckIcon />
                  {t('materials.opened')}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

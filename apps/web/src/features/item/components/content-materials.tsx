import type { ContentDetail, Material } from '@kanal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/error-text';
import { useMarkFinished } from '@/content/api/mark-finished';
import { questionsPath } from '@/content/lib/paths';
import { errorText } from '@/lib/errors';
import { CommentForm } from './comment-form';
import { DocumentList } from './document-list';
import { type Slide, SlideCarousel } from './slide-carousel';
import '@/components/form.css';
import '@/content/components/detail.css';
import './content-materials.css';

/** The link (a video) first, then images and videos in their order; documents are listed below. */
export function slidesOf(material: Material): Slide[] {
  const slides: Slide[] = [];
  if (material.link?.trim()) slides.push({ kind: 'link', link: material.link });
  for (const media of material.medias) if (media.type !== 'DOCUMENT') slides.push({ kind: 'media', media });
  // Spec point 2: with neither media nor text there is still one slide, saying that something went wrong.
  if (slides.length === 0 && !material.text?.trim()) slides.push({ kind: 'empty' });
  return slides;
}

type Props = {
  item: ContentDetail;
  material: Material;
  /** Archive mode (spec point 2): for looking again only; nothing is marked seen, nothing to answer or finish. */
  archived?: boolean;
};

export function ContentMaterials({ item, material, archived = false }: Props) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const finish = useMarkFinished();
  const slides = slidesOf(material);
  const documents = material.medias.filter((media) => media.type === 'DOCUMENT');
  // The first slide is on screen from the start.
  const [seenSlides, setSeenSlides] = useState<ReadonlySet<number>>(() => new Set(slides.length > 0 ? [0] : []));
  const [openedDocuments, setOpenedDocuments] = useState<ReadonlySet<number>>(() => new Set());

  const allSeen = seenSlides.size >= slides.length && documents.every((document) => openedDocuments.has(document.id));
  const remaining = allSeen ? undefined : t('materials.remaining');
  const isInformation = item.type === 'INFORMATION';

  return (
    <div className="materials">
      {slides.length > 0 ? (
        <SlideCarousel
          slides={slides}
          name={item.name}
          seen={seenSlides}
          onShown={(index) => setSeenSlides((seen) => new Set(seen).add(index))}
        />
      ) : null}
      {material.text?.trim() ? (
        <section className="materials__text" aria-label={t('materials.text')}>
          {/* Plain text on purpose: the server's text is never interpreted as HTML. */}
          <p>{material.text}</p>
        </section>
      ) : null}
      {documents.length > 0 ? (
        <DocumentList
          documents={documents}
          opened={openedDocuments}
          onOpen={archived ? undefined : (id) => setOpenedDocuments((opened) => new Set(opened).add(id))}
        />
      ) : null}

      {archived ? null : isInformation ? (
        <>
          {item.settings.comments ? <CommentForm contentId={item.id} locked={!allSeen} lockedHint={remaining} /> : null}
          {finish.isError ? <ErrorText alert>{errorText(t, finish.error)}</ErrorText> : null}
          <div className="detail__actions">
            <Button
              loading={finish.isPending}
              onClick={() =>
                finish.mutate({ contentId: item.id }, { onSuccess: () => navigate('/', { replace: true }) })
              }
            >
              {t('materials.read')}
            </Button>
          </div>
        </>
      ) : (
        <div className="detail__actions">
          {remaining ? (
            <p id="materials-remaining" className="field__hint">
              {remaining}
            </p>
          ) : null}
          <Button
            disabled={!allSeen}
            aria-describedby={remaining ? 'materials-remaining' : undefined}
            onClick={() => navigate(questionsPath(item))}
          >
            {t('answerQuestions')}
          </Button>
        </div>
      )}
    </div>
  );
}

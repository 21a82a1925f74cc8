import type { ContentDetail, Material } from '@kanal/contract';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { useMarkFinished } from '@/content/api/mark-finished';
import { interactionOf, questionsPath } from '@/content/lib/paths';
import { useSession } from '@/lib/auth-store';
import { materialsStorageKey } from '@/lib/browser/storage-keys';
import { readStored, useStoredValue } from '@/lib/browser/stored-value';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { CommentForm } from './comment-form';
import { DocumentList } from './document-list';
import { type Slide, SlideCarousel } from './slide-carousel';
import '@/components/form/form.css';
import '@/components/rich-text.css';
import '@/content/components/detail.css';
import './content-materials.css';

/** The link (a video) first, then images and videos in their order; documents are listed below. */
export function slidesOf(material: Material): Slide[] {
  const slides: Slide[] = [];
  if (material.link?.trim()) slides.push({ kind: 'link', link: material.link });
  for (const media of material.medias) if (media.type !== 'DOCUMENT') slides.push({ kind: 'media', media });
  // Spec point 2: with neither media nor text there is still one slide, saying that something went wrong.
  if (slides.length === 0 && !material.html) slides.push({ kind: 'empty' });
  return slides;
}

type Seen = { slides: readonly number[]; documents: readonly number[] };
const NOTHING_SEEN: Seen = { slides: [], documents: [] };
const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((entry) => Number.isInteger(entry));
const parseSeen = (stored: unknown): Seen | null => {
  const { slides, documents } = (stored ?? {}) as Partial<Record<keyof Seen, unknown>>;
  return isIdList(slides) && isIdList(documents) ? { slides, documents } : null;
};

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
  const seenKey = materialsStorageKey(useSession()?.userId ?? 0, item.id);
  const [seen, setSeen] = useStoredValue(seenKey, parseSeen, NOTHING_SEEN);
  // From what is stored at the moment of the change: two changes in one tick must not drop one.
  const addSeen = (part: keyof Seen, id: number) => {
    const current = parseSeen(readStored(seenKey)) ?? NOTHING_SEEN;
    if (!current[part].includes(id)) setSeen({ ...current, [part]: [...current[part], id] });
  };
  // The first slide is on screen from the start.
  const seenSlides: ReadonlySet<number> = new Set([...seen.slides, ...(slides.length > 0 ? [0] : [])]);
  const openedDocuments: ReadonlySet<number> = new Set(seen.documents);

  const allSeen =
    slides.every((_, index) => seenSlides.has(index)) &&
    documents.every((document) => openedDocuments.has(document.id));
  const remaining = allSeen ? undefined : t('materials.remaining');
  const isInformation = item.type === 'INFORMATION';

  return (
    <div className="materials">
      {slides.length > 0 ? (
        <SlideCarousel
          slides={slides}
          name={item.name}
          seen={seenSlides}
          onShown={(index) => {
            if (!archived) addSeen('slides', index);
          }}
        />
      ) : null}
      {material.html ? (
        <section
          className="materials__text rich-text"
          aria-label={t('materials.text')}
          // The server's HTML: rendered from the author's document and sanitised against one allow-list
          // (ADR 0068), so it carries no script, handler, style or outside picture.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above
          dangerouslySetInnerHTML={{ __html: material.html }}
        />
      ) : null}
      {documents.length > 0 ? (
        <DocumentList
          documents={documents}
          opened={openedDocuments}
          onOpen={archived ? undefined : (id) => addSeen('documents', id)}
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
                finish.mutate(
                  { contentId: item.id },
                  {
                    onSuccess: () => {
                      showToast(t('materials.readDone'));
                      void navigate('/', { replace: true });
                    },
                  },
                )
              }
            >
              {t('materials.read')}
            </Button>
          </div>
        </>
      ) : interactionOf(item).finishedAt ? (
        // Answered for good: the form does not run again; the archive shows what was answered.
        <div className="detail__actions">
          <p className="field__hint">{t('answered')}</p>
          <Link to={`/archive/${item.id}`} className="button button--primary">
            {t('seeAnswers')}
          </Link>
        </div>
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

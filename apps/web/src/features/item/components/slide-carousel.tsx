import type { Media } from '@kanal/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/content-icons';
import { useTranslation } from '@/lib/i18n';
import { safeMediaUrl } from '../lib/safe-media-url';
import { YoutubeEmbed } from './youtube-embed';
import '@/components/button.css';
import './slide-carousel.css';

export type Slide = { kind: 'link'; link: string } | { kind: 'media'; media: Media } | { kind: 'empty' };

function MediaSlide({ media }: { media: Media }) {
  const { t } = useTranslation('content');
  const [failed, setFailed] = useState(false);
  const url = safeMediaUrl(media.url);
  if (!url || failed) {
    return (
      <p className="slide__error" role="alert">
        {t('errors.SomethingWentWrong', { ns: 'common' })}
      </p>
    );
  }
  if (media.type === 'VIDEO') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: captions are not part of the uploaded material.
      <video
        className="slide__media"
        src={url}
        controls
        preload="metadata"
        aria-label={media.name}
        onError={() => setFailed(true)}
      />
    );
  }
  return <img className="slide__media" src={url} alt={media.name} onError={() => setFailed(true)} />;
}

function SlideBody({ slide, name }: { slide: Slide; name: string }) {
  const { t } = useTranslation('content');
  if (slide.kind === 'link') return <YoutubeEmbed link={slide.link} name={name} />;
  if (slide.kind === 'media') return <MediaSlide media={slide.media} />;
  // Spec point 8: a slide with neither media nor text.
  return (
    <p className="slide__error" role="alert">
      {t('errors.SomethingWentWrong', { ns: 'common' })}
    </p>
  );
}

type Props = {
  slides: Slide[];
  /** The item's name, for the player's title. */
  name: string;
  onShown: (index: number) => void;
  seen: ReadonlySet<number>;
};

/** One slide at a time; previous/next, dots and the arrow keys move between them. */
export function SlideCarousel({ slides, name, onShown, seen }: Props) {
  const { t } = useTranslation('content');
  const [index, setIndex] = useState(0);
  // The first slide is the screen's largest paint: it shows at once; the ones moved to fade in.
  const [moved, setMoved] = useState(false);
  const labelId = useId();
  const total = slides.length;
  const slide = slides[index];

  const goTo = (next: number) => {
    if (next < 0 || next >= total) return;
    setIndex(next);
    setMoved(true);
    onShown(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // A focused video uses the arrow keys to seek.
    if ((event.target as HTMLElement).tagName === 'VIDEO') return;
    if (event.key === 'ArrowLeft') goTo(index - 1);
    else if (event.key === 'ArrowRight') goTo(index + 1);
    else return;
    event.preventDefault();
  };

  if (!slide) return null;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-labelledby={labelId} onKeyDown={onKeyDown}>
      <h2 id={labelId} className="visually-hidden">
        {t('materials.carousel')}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group, not a form fieldset. */}
      <div
        key={index}
        className={moved ? 'slide slide--moved' : 'slide'}
        role="group"
        aria-roledescription="slide"
        aria-label={t('materials.slideOf', { current: index + 1, total })}
      >
        <SlideBody slide={slide} name={name} />
      </div>
      {total > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="icon-button"
            aria-label={t('materials.previous')}
            title={t('materials.previous')}
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            <ChevronLeftIcon />
          </button>
          <ol className="carousel__dots">
            {slides.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: slides never reorder.
              <li key={i}>
                <button
                  type="button"
                  className={seen.has(i) ? 'carousel__dot carousel__dot--seen' : 'carousel__dot'}
                  aria-label={t('materials.goToSlide', { number: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => goTo(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="icon-button"
            aria-label={t('materials.next')}
            title={t('materials.next')}
            disabled={index === total - 1}
            onClick={() => goTo(index + 1)}
          >
            <ChevronRightIcon />
          </button>
          <p className="carousel__position" aria-live="polite">
            {t('materials.slideOf', { current: index + 1, total })}
          </p>
        </div>
      ) : null}
    </section>
  );
}

import { GAUGE_DELAY_MS } from '@kanal/contract';
import { useEffect, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '@/lib/hooks/use-media-query';
import { useTranslation } from '@/lib/i18n';
import './score-gauge.css';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The final mark as a ring (spec point 2): it fills to the mark after GAUGE_DELAY_MS, green when passed,
 * in the warning colour otherwise. With reduced motion it is drawn full at once.
 */
export function ScoreGauge({ percent, passed }: { percent: number; passed: boolean }) {
  const { t } = useTranslation('content');
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [drawn, setDrawn] = useState(reducedMotion ? percent : 0);

  useEffect(() => {
    if (reducedMotion) {
      setDrawn(percent);
      return;
    }
    const timer = setTimeout(() => setDrawn(percent), GAUGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [percent, reducedMotion]);

  return (
    <div className={passed ? 'gauge gauge--passed' : 'gauge gauge--failed'}>
      <svg className="gauge__ring" viewBox="0 0 120 120" role="img" aria-label={t('result.gauge', { percent })}>
        <circle className="gauge__track" cx="60" cy="60" r={RADIUS} />
        <circle
          className="gauge__value"
          cx="60"
          cy="60"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - drawn / 100)}
          transform="rotate(-90 60 60)"
        />
      </svg>
      <span className="gauge__percent" aria-hidden="true">
        {t('result.percent', { percent })}
      </span>
    </div>
  );
}

import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import './chart.css';

// Only the pieces these charts draw, so the statistics chunk carries no more of the library than that.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** The design tokens a series is drawn in (styles/tokens.css). */
export type Tone = 'primary' | 'success' | 'warning' | 'muted';
const TOKENS: Record<Tone, string> = {
  primary: '--color-primary',
  success: '--color-success',
  warning: '--color-warning',
  muted: '--color-border-strong',
};

/** A series of values; `tones` colours single bars differently (each also says so in its label). */
export type Series = { label: string; values: number[]; tone: Tone; tones?: Tone[] };

type Props = {
  kind: 'line' | 'bar';
  /** What the chart shows: the canvas's accessible name and the table's caption. */
  title: string;
  /** The heading of the table's first column (what the labels are: days, groups, answers). */
  labelHeader: string;
  labels: string[];
  series: Series[];
  /** Bars that run across (long labels such as answers and groups). */
  horizontal?: boolean;
  /** The values are per cent (0–100). */
  percent?: boolean;
  /** A sentence that says what the chart says, read by screen readers instead of the picture. */
  summary: string;
};

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * A chart (Chart.js on a canvas) with its numbers also as a table: the canvas has a one-sentence summary
 * as its name, and the table (behind a "show as table" toggle) is what a screen reader or a keyboard
 * user reads in detail. No animation for people who asked for reduced motion.
 */
export function StatsChart({
  kind,
  title,
  labelHeader,
  labels,
  series,
  horizontal = false,
  percent = false,
  summary,
}: Props) {
  const { t, i18n } = useTranslation('admin');
  const canvas = useRef<HTMLCanvasElement>(null);
  const tableId = useId();
  const format = (value: number) => (percent ? `${value} %` : new Intl.NumberFormat(i18n.language).format(value));

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const text = css('--color-text-muted');
    const grid = css('--color-border');
    const valueAxis = {
      beginAtZero: true,
      ...(percent ? { max: 100 } : {}),
      ticks: { color: text, precision: 0, callback: (value: string | number) => (percent ? `${value} %` : value) },
      grid: { color: grid },
    };
    const labelAxis = { ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { display: false } };
    const config: ChartConfiguration<'line' | 'bar'> = {
      type: kind,
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          borderColor: s.tones ? s.tones.map((tone) => css(TOKENS[tone])) : css(TOKENS[s.tone]),
          backgroundColor: s.tones ? s.tones.map((tone) => css(TOKENS[tone])) : css(TOKENS[s.tone]),
          borderWidth: 2,
          pointRadius: labels.length > 40 ? 0 : 3,
          maxBarThickness: 28,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reduced ? false : { duration: 300 },
        indexAxis: horizontal ? 'y' : 'x',
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { display: series.length > 1, labels: { color: css('--color-text'), boxWidth: 14 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } },
        },
        scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
        locale: i18n.language,
      },
    };
    const chart = new Chart(context, config);
    return () => chart.destroy();
  });

  const height = horizontal ? Math.max(120, labels.length * 44 + 40) : 260;
  return (
    <figure className="chart">
      <div className="chart__canvas" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={summary} aria-describedby={tableId} />
      </div>
      <details className="chart__table">
        <summary>{t('stats.showTable')}</summary>
        <div className="chart__scroll">
          <table className="data-table" id={tableId}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, row) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.label}>{format(s.values[row] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

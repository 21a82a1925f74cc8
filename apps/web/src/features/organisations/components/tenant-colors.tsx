import {
  ACCENT_MIN_CONTRAST,
  type AdminTenant,
  accentContrast,
  brandPalette,
  darkerShadeThatPasses,
  formatContrast,
  HexColorSchema,
  PRIMARY_MIN_CONTRAST,
  primaryContrast,
} from '@kanal/contract';
import { type CSSProperties, type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { showToast } from '@/components/feedback/toast';
import { ErrorText } from '@/components/form/error-text';
import { TextField } from '@/components/form/text-field';
import { useUpdateTenant } from '@/console/api/tenants';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import '@/components/feedback/progress.css';

type ColorName = 'primaryColor' | 'accentColor';

/** What a typed colour is: none (the product's), not a colour yet, too light (with a darker shade), or fine. */
type Reading =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'tooLight'; hex: string; ratio: number; darker: string }
  | { kind: 'readable'; hex: string; ratio: number };

function read(typed: string, contrastOf: (hex: string) => number, min: number): Reading {
  if (typed.trim() === '') return { kind: 'none' };
  const parsed = HexColorSchema.safeParse(typed);
  if (!parsed.success) return { kind: 'malformed' };
  const hex = parsed.data;
  const ratio = contrastOf(hex);
  if (ratio >= min) return { kind: 'readable', hex, ratio };
  return { kind: 'tooLight', hex, ratio, darker: darkerShadeThatPasses(hex, (shade) => contrastOf(shade) >= min) };
}

const colorOf = (reading: Reading) => (reading.kind === 'readable' || reading.kind === 'tooLight' ? reading.hex : null);

/**
 * The organisation's colours, which its people's app and mails use. Each is measured as it is typed, against
 * the same surfaces the server measures it on, and a colour too light is offered a darker shade that passes.
 */
export function TenantColors({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const update = useUpdateTenant(tenant.id);
  const [typed, setTyped] = useState({
    primaryColor: tenant.primaryColor ?? '',
    accentColor: tenant.accentColor ?? '',
  });
  const [refused, setRefused] = useState<Partial<Record<ColorName, string>> & { form?: string }>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { primaryColor: useRef<HTMLInputElement>(null), accentColor: useRef<HTMLInputElement>(null) };

  const primary = read(typed.primaryColor, primaryContrast, PRIMARY_MIN_CONTRAST);
  const primaryHex = primary.kind === 'readable' ? primary.hex : null;
  const accent = read(typed.accentColor, (hex) => accentContrast(hex, primaryHex), ACCENT_MIN_CONTRAST);
  const readings = { primaryColor: primary, accentColor: accent };

  const change = (name: ColorName, value: string) => {
    setTyped((current) => ({ ...current, [name]: value }));
    setRefused((current) => ({ ...current, [name]: undefined, form: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const wrong = (['primaryColor', 'accentColor'] as const).find((name) =>
      ['malformed', 'tooLight'].includes(readings[name].kind),
    );
    if (wrong) return inputs[wrong].current?.focus();
    try {
      await update.mutateAsync({ primaryColor: colorOf(primary), accentColor: colorOf(accent) });
      showToast(t('tenants.done.colorsSaved'));
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'primaryColor' || field === 'accentColor') {
        setRefused({ [field]: (error as ApiError).reason ?? errorText(t, error) });
        inputs[field].current?.focus();
      } else setRefused({ form: errorText(t, error) });
    }
  };

  // What the people would see: a colour too light is not drawn (it would not be saved, and would fail AA here too).
  const palette = brandPalette(primaryHex, accent.kind === 'readable' ? accent.hex : null);
  // Custom properties through React's style, which sets them on the element (the CSSOM), not as an attribute.
  const preview = {
    '--color-primary': palette.primary,
    '--color-primary-hover': palette.primaryHover,
    '--color-primary-soft': palette.primarySoft,
    '--color-accent': palette.accent,
  } as CSSProperties;

  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('tenants.colors.title')}
      </h2>
      <p className="field__hint">{t('tenants.colors.intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void save(event)}>
        {(['primaryColor', 'accentColor'] as const).map((name) => (
          <ColorField
            key={name}
            name={name}
            inputRef={inputs[name]}
            value={typed[name]}
            reading={readings[name]}
            showMalformed={submitted}
            refused={refused[name]}
            onChange={(value) => change(name, value)}
          />
        ))}
        <div className="tenant-colors__preview" style={preview} aria-hidden="true">
          <span className="button button--primary">{t('tenants.colors.previewButton')}</span>
          <span className="link">{t('tenants.colors.previewLink')}</span>
          <span className="progress tenant-colors__progress">
            <span className="progress__bar" />
          </span>
        </div>
        <ErrorText alert>{refused.form}</ErrorText>
        <div className="form__actions">
          <Button type="submit" loading={update.isPending}>
            {t('tenants.colors.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ColorField({
  name,
  inputRef,
  value,
  reading,
  showMalformed,
  refused,
  onChange,
}: {
  name: ColorName;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  reading: Reading;
  showMalformed: boolean;
  refused: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = currentLanguage();
  const key = name === 'primaryColor' ? 'primary' : 'accent';
  const min = name === 'primaryColor' ? PRIMARY_MIN_CONTRAST : ACCENT_MIN_CONTRAST;
  const label = t(`tenants.colors.${key}`);

  let error = refused;
  let hint: string = t(`tenants.colors.${key}Hint`);
  if (reading.kind === 'malformed' && (showMalformed || value.trim().length >= 7))
    error ??= t('validation.colorFormat');
  if (reading.kind === 'tooLight') {
    error ??= t(`validation.${key}TooLight`, {
      ratio: formatContrast(reading.ratio, lang),
      min: formatContrast(min, lang),
    });
  }
  if (reading.kind === 'readable') hint = t('tenants.colors.readable', { ratio: formatContrast(reading.ratio, lang) });
  if (reading.kind === 'none') hint = t('tenants.colors.productDefault');

  return (
    <div className="tenant-colors__field">
      <TextField
        ref={inputRef}
        label={label}
        name={name}
        value={value}
        placeholder="#1d5fa8"
        autoComplete="off"
        spellCheck={false}
        maxLength={9}
        hint={hint}
        error={error}
        onInput={(event) => onChange(event.currentTarget.value)}
        trailing={
          <input
            type="color"
            className="tenant-colors__picker"
            aria-label={t('tenants.colors.pick', { name: label })}
            value={colorOf(reading) ?? '#1d5fa8'}
            onInput={(event) => onChange(event.currentTarget.value)}
          />
        }
      />
      {reading.kind === 'tooLight' ? (
        <Button variant="secondary" className="tenant-colors__darker" onClick={() => onChange(reading.darker)}>
          <span className="tenant-colors__swatch" style={{ background: reading.darker }} aria-hidden="true" />
          {t('tenants.colors.useDarker', { color: reading.darker })}
        </Button>
      ) : null}
      {value.trim() !== '' ? (
        <Button variant="ghost" className="tenant-colors__reset" onClick={() => onChange('')}>
          {t('tenants.colors.useProduct')}
        </Button>
      ) : null}
    </div>
  );
}

import { LANGUAGES, type Language } from '@kanal/contract';
import { changeLanguage, currentLanguage, useTranslation } from '@/lib/i18n';
import './language-switch.css';

/** hrvatski / English. Each name is written in its own language, so it is marked with that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const active = currentLanguage();
  return (
    <fieldset className={['language-switch', className ?? ''].filter(Boolean).join(' ')}>
      <legend className="language-switch__legend">{t('language.label')}</legend>
      <div className="language-switch__options">
        {LANGUAGES.map((language: Language) => (
          <button
            key={language}
            type="button"
            lang={language}
            className="language-switch__option"
            aria-pressed={active === language}
            onClick={() => void changeLanguage(language)}
          >
            {t(`language.${language}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

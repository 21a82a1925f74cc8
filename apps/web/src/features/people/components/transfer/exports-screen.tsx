import { EXPORT_FORMATS } from '@kanal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { usePeopleExport } from '@/console/api/transfer';
import { ConsolePage } from '@/console/layout/console-page';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';

/** Everyone in the organisation as a spreadsheet; one person's own data is exported from their page. */
export function ExportsScreen() {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const peopleExport = usePeopleExport();
  return (
    <ConsolePage title={t('transfer.exports.title')}>
      <section className="console-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="console-panel__title">
          {t('transfer.exports.people.title')}
        </h2>
        <p>{t('transfer.exports.people.text')}</p>
        <div className="console-page__actions">
          {EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              variant="secondary"
              loading={peopleExport.isPending && peopleExport.variables === format}
              disabled={peopleExport.isPending}
              onClick={() => peopleExport.mutate(format)}
            >
              {t(`transfer.exports.people.${format}`)}
            </Button>
          ))}
        </div>
        <ErrorText alert>{peopleExport.error ? errorText(t, peopleExport.error) : undefined}</ErrorText>
      </section>
      <p className="note">
        {t('transfer.exports.person')}{' '}
        <Link to="/admin/users" className="link">
          {t('transfer.exports.toPeople')}
        </Link>
      </p>
    </ConsolePage>
  );
}

import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useTranslation } from '@/lib/i18n';
import './activation-codes.css';

export type ActivationCode = { name: string; username: string; activationCode: string };

/**
 * The one-time codes of username-only people, shown once after they are created, imported or reset:
 * a sheet to print and hand out (the print shows this sheet alone).
 */
export function ActivationCodesDialog({ codes, onClose }: { codes: ActivationCode[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      title={t('users.codes.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={() => window.print()}>
            {t('console.actions.print')}
          </Button>
          <Button onClick={onClose}>{t('console.actions.done')}</Button>
        </>
      }
    >
      <p>{t('users.codes.intro')}</p>
      <table className="codes-table">
        <thead>
          <tr>
            <th scope="col">{t('users.codes.name')}</th>
            <th scope="col">{t('users.codes.username')}</th>
            <th scope="col">{t('users.codes.code')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.username}>
              <td>{code.name}</td>
              <td>{code.username}</td>
              <td className="codes-table__code">{code.activationCode}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

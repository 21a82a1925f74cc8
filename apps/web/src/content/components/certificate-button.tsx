import { api } from '@kanal/contract';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { pathOf } from '@/lib/api-path';
import { download } from '@/lib/browser/download';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';

/** The person's certificate of an education they passed, downloaded as a PDF (made the first time). */
export function CertificateButton({ contentId }: { contentId: number }) {
  const { t } = useTranslation('content');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const save = async () => {
    setPending(true);
    setFailure(undefined);
    try {
      await download(pathOf(api.getCertificate, { id: contentId }), t('certificate.fileName', { id: contentId }));
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="secondary" loading={pending} onClick={() => void save()}>
        {t('certificate.download')}
      </Button>
      <ErrorText alert>{failure}</ErrorText>
    </>
  );
}

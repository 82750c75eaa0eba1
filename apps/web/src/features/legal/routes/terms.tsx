import { useTranslation } from 'react-i18next';
import { LegalPage } from '../components/legal-page';
import TermsContent from '../components/terms-content';

export function Component() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('account.terms')}>
      <TermsContent />
    </LegalPage>
  );
}

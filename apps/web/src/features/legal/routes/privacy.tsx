import { useTranslation } from 'react-i18next';
import { LegalPage } from '../components/legal-page';
import PrivacyContent from '../components/privacy-content';

export function Component() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t('account.privacy')}>
      <PrivacyContent />
    </LegalPage>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Header } from '../../../components/ui/header';
import PrivacyContent from '../components/privacy-content';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Header title={t('account.privacy')} back={() => navigate('/')} />
      <main className="mx-auto max-w-md px-5 py-6 leading-relaxed">
        <PrivacyContent />
      </main>
    </>
  );
}

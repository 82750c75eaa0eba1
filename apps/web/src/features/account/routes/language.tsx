import { useState, useSyncExternalStore } from 'react';
import { Header } from '../../../components/ui/header';
import { errorText } from '../../../lib/api-error';
import { chooseLanguage, loadTexts } from '../../../lib/i18n';
import { currentLanguage, type Language, subscribeLanguage } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { saveLanguage } from '../api/save-language';
import { LanguageList } from '../components/language-list';

/** /account/language: tap a language; it is saved on the profile, then the app speaks it. */
export function Component() {
  const { t } = useTranslation();
  const back = useBack('/account');
  const profile = useProfile();
  const current = useSyncExternalStore(subscribeLanguage, currentLanguage);
  const singleFlight = useSingleFlight();
  const [isSaving, setSaving] = useState(false);

  function select(language: Language) {
    if (language === current) return back();
    singleFlight(async () => {
      setSaving(true);
      try {
        // The texts first: the profile is not told of a language this phone cannot show.
        await loadTexts(language);
        if (profile) await saveLanguage(profile.uid, language);
        await chooseLanguage(language);
        toast.success(t('language.saved', { lng: language }));
        back();
      } catch (error) {
        toast.error(errorText(error, t('common.loadFailed')));
        setSaving(false);
      }
    });
  }

  return (
    <>
      <Header title={t('language.title')} subtitle={t('language.choose')} back={back} />
      <main className="mx-auto max-w-md px-5 pt-4 pb-10">
        <LanguageList current={current} disabled={isSaving} onSelect={select} />
      </main>
    </>
  );
}

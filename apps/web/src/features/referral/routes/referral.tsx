import { messages } from '@playon/shared/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { readUtmSource } from '../../../lib/utm';
import { useSubmitReferral } from '../api/submit-referral';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState(readUtmSource);
  const referral = useSubmitReferral();
  const singleFlight = useSingleFlight();

  function submit(event: FormEvent) {
    event.preventDefault();
    const referralCode = code.trim();
    if (!referralCode) {
      navigate('/dashboard');
      return;
    }
    // One submit at a time: a second waits for the first (docs/product.md, "Welcome and login").
    singleFlight(() =>
      referral.mutateAsync({ referralCode }).then(
        (response) => {
          toast.success(response.statusMessage || messages.referral.applied);
          navigate('/dashboard');
        },
        (error: unknown) => toast.error(errorText(error, t('common.genericError'))),
      ),
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col px-5 pt-10 pb-8">
      <Logo size="sm" />
      <form noValidate onSubmit={submit} className="mt-10 flex flex-1 flex-col">
        <h1 className="text-2xl font-extrabold">{t('referral.question')}</h1>
        <p className="mt-2 mb-6 text-muted">{t('referral.hint')}</p>
        <TextField
          label={t('referral.label')}
          placeholder={t('referral.placeholder')}
          autoCapitalize="characters"
          autoComplete="off"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="flex-1" />
        <Button type="submit" isBusy={referral.isPending} className="mt-8 w-full">
          {t('common.continue')}
        </Button>
      </form>
    </main>
  );
}

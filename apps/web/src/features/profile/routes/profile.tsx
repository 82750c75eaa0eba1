import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { ensureProfileLoaded } from '../../../lib/ensure-profile';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { AvatarPicker } from '../components/avatar-picker';
import { DeleteAccountNotice } from '../components/delete-account-notice';
import { EditFieldDialog } from '../components/edit-field-dialog';
import { currentValue, type EditableField, editableFields } from '../components/editable-fields';
import { ProfileRow } from '../components/profile-row';

export async function loader({ request }: LoaderFunctionArgs) {
  await ensureProfileLoaded(request);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const back = useBack('/dashboard');
  const profile = useProfile();
  const [editing, setEditing] = useState<EditableField | null>(null);

  if (!profile) {
    return (
      <>
        <Header title={t('profile.title')} back={back} />
        <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-5 py-16 text-center">
          <p className="text-muted">{t('profile.loadFailed')}</p>
          <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
        </main>
      </>
    );
  }

  return (
    <>
      <Header title={t('profile.title')} back={back} />
      <main className="mx-auto max-w-md px-5 pb-24">
        <AvatarPicker uid={profile.uid} picture={profile.profilePic} />
        <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
          {editableFields.map((field) => (
            <ProfileRow key={field} profile={profile} field={field} onEdit={() => setEditing(field)} />
          ))}
        </ul>
        <DeleteAccountNotice />
      </main>
      <BottomNav />
      {editing ? (
        <EditFieldDialog
          uid={profile.uid}
          field={editing}
          initialValue={currentValue(profile, editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

import { BannerFormSchema, type OpsBanner } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { asNumber, fromLocalInput, toLocalInput } from '../../components/form-values';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { useConsoleForm } from '../../components/use-console-form';
import { addBanner } from '../api/add-banner';
import { bannersQuery } from '../api/get-banners';
import { saveBanner } from '../api/save-banner';
import { ImageField } from '../components/image-field';

function BannerDialog({ banner, onClose }: { banner?: OpsBanner; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    title: banner?.title ?? '',
    description: banner?.description ?? '',
    titleSw: banner?.titleSw ?? '',
    descriptionSw: banner?.descriptionSw ?? '',
    eventBannerUrl: banner?.eventBannerUrl ?? '',
    eventBannerUrlSw: banner?.eventBannerUrlSw ?? '',
    sortOrder: String(banner?.sortOrder ?? 0),
    activeFrom: toLocalInput(banner?.activeFrom),
    activeTo: toLocalInput(banner?.activeTo),
  });
  const form = useConsoleForm(BannerFormSchema, async (body) => {
    const { message } = banner ? await saveBanner(banner.id, body) : await addBanner(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.banners() });
    return message;
  });
  const set = (key: keyof typeof value) => (event: { target: { value: string } }) => {
    const text = event.target.value;
    setValue((current) => ({ ...current, [key]: text }));
  };
  const { errors } = form;
  return (
    <FormDialog
      title={banner ? 'Edit the banner' : 'New banner'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() =>
        void form
          .submit({
            ...value,
            sortOrder: asNumber(value.sortOrder),
            activeFrom: fromLocalInput(value.activeFrom),
            activeTo: fromLocalInput(value.activeTo),
          })
          .then((ok) => ok && onClose())
      }
    >
      <ImageField
        label="Image"
        wide
        value={value.eventBannerUrl}
        error={errors.eventBannerUrl}
        // An upload ends after the operator may have typed elsewhere: merged into the form as it is then.
        onChange={(url) => setValue((current) => ({ ...current, eventBannerUrl: url }))}
      />
      <TextField label="Title" value={value.title} error={errors.title} onChange={set('title')} />
      <TextArea
        label="Description (shown when a player taps the banner)"
        value={value.description}
        error={errors.description}
        onChange={set('description')}
      />
      <TextField
        label="Title in Kiswahili (optional)"
        lang="sw"
        value={value.titleSw}
        error={errors.titleSw}
        onChange={set('titleSw')}
      />
      <TextArea
        label="Description in Kiswahili (optional; players reading Kiswahili see the English without it)"
        lang="sw"
        value={value.descriptionSw}
        error={errors.descriptionSw}
        onChange={set('descriptionSw')}
      />
      <ImageField
        label="Picture in Kiswahili (optional; without one, players reading Kiswahili see the English picture)"
        wide
        removable
        value={value.eventBannerUrlSw}
        error={errors.eventBannerUrlSw}
        onChange={(url) => setValue((current) => ({ ...current, eventBannerUrlSw: url }))}
      />
      <TextField
        label="Order in the slider (lower first)"
        inputMode="numeric"
        value={value.sortOrder}
        error={errors.sortOrder}
        onChange={set('sortOrder')}
      />
      <div className="flex flex-col gap-4">
        <TextField
          label="Shown from (optional)"
          type="datetime-local"
          value={value.activeFrom}
          error={errors.activeFrom}
          onChange={set('activeFrom')}
        />
        <TextField
          label="Shown until (optional)"
          type="datetime-local"
          value={value.activeTo}
          error={errors.activeTo}
          onChange={set('activeTo')}
        />
      </div>
    </FormDialog>
  );
}

const activeDates = (banner: OpsBanner) =>
  !banner.activeFrom && !banner.activeTo
    ? 'Always'
    : `${banner.activeFrom ? formatWhen(banner.activeFrom) : 'now'} → ${banner.activeTo ? formatWhen(banner.activeTo) : 'no end'}`;

/** What a player reading Kiswahili gets of the banner in Kiswahili. */
const kiswahiliOf = (banner: OpsBanner) => {
  const hasTexts = banner.titleSw !== null || banner.descriptionSw !== null;
  if (banner.eventBannerUrlSw) return hasTexts ? 'Texts and picture' : 'Picture only';
  return hasTexts ? 'Texts, English picture' : 'None';
};

/** Event banners: the dashboard's slider shows the active ones in their order. */
export function Component() {
  const [editing, setEditing] = useState<OpsBanner | 'new' | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>New banner</Button>
      </div>
      <PagedList<OpsBanner>
        query={bannersQuery}
        rowKey={(banner) => String(banner.id)}
        searchLabel="Search by title or description"
        emptyText="No banner matches."
        onRowClick={setEditing}
        columns={[
          {
            header: 'Banner',
            cell: (banner) => (
              <span className="flex items-center gap-3">
                <img
                  src={banner.eventBannerUrl}
                  alt=""
                  className="aspect-[16/7] w-24 shrink-0 rounded-lg bg-raised object-cover"
                />
                <span className="font-medium">{banner.title}</span>
              </span>
            ),
          },
          { header: 'Kiswahili', cell: kiswahiliOf },
          { header: 'Order', cell: (banner) => banner.sortOrder },
          { header: 'Shown', cell: (banner) => (banner.isActive ? 'Now' : 'Not now') },
          { header: 'Dates', cell: (banner) => <span className="text-xs">{activeDates(banner)}</span> },
        ]}
      />
      {editing ? (
        <BannerDialog {...(editing === 'new' ? {} : { banner: editing })} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

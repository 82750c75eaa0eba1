import type { OpsBanner } from '@playon/shared/ops-content';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { bannersQuery } from '../api/get-banners';
import { BannerDialog } from '../components/banner-dialog';

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
          {
            header: 'Opens',
            cell: (banner) => (banner.tournamentId ? `Tournament ${banner.tournamentId}` : 'Its description'),
          },
          {
            header: 'Dates (Nairobi time)',
            cell: (banner) => <span className="text-xs">{activeDates(banner)}</span>,
          },
        ]}
      />
      {editing ? (
        <BannerDialog {...(editing === 'new' ? {} : { banner: editing })} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

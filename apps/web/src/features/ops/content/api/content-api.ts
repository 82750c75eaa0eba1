import type {
  OpsBanner,
  OpsChatRoom,
  OpsGame,
  OpsPackage,
  OpsTournament,
  OpsTvItem,
} from '@playon/shared/ops-content';
import type { SupportSetting } from '@playon/shared/support';
import { apiUpload } from '../../../../lib/api-upload';
import { opsGet, opsPost, type Page } from '../../api/ops-api';

type ListQuery = { q: string; page: number; pageSize: number };

/** The console's content area: one fetcher per endpoint, each answering its payload (or message). */
export const contentApi = {
  games: (query: ListQuery) => opsGet<Page<OpsGame>>('/content/games', query),
  saveGame: (id: number, body: unknown) => opsPost<OpsGame>(`/content/games/${id}`, body),
  addGame: (body: unknown) => opsPost<OpsGame>('/content/games', body),

  tournaments: (query: ListQuery) => opsGet<Page<OpsTournament>>('/content/tournaments', query),
  tournament: (id: number) => opsGet<OpsTournament>(`/content/tournaments/${id}`),
  createTournament: (body: unknown) => opsPost<OpsTournament>('/content/tournaments', body),
  editTournament: (id: number, body: unknown) => opsPost<OpsTournament>(`/content/tournaments/${id}`, body),
  cancelTournament: (id: number, reason: string) =>
    opsPost<OpsTournament>(`/content/tournaments/${id}/cancel`, { reason }),
  endTournamentNow: (id: number, reason: string) =>
    opsPost<OpsTournament>(`/content/tournaments/${id}/end-now`, { reason }),

  banners: (query: ListQuery) => opsGet<Page<OpsBanner>>('/content/banners', query),
  addBanner: (body: unknown) => opsPost<OpsBanner>('/content/banners', body),
  saveBanner: (id: number, body: unknown) => opsPost<OpsBanner>(`/content/banners/${id}`, body),

  tv: (query: ListQuery) => opsGet<Page<OpsTvItem>>('/content/tv', query),
  addTv: (body: unknown) => opsPost<OpsTvItem>('/content/tv', body),
  saveTv: (id: number, body: unknown) => opsPost<OpsTvItem>(`/content/tv/${id}`, body),
  removeTv: (id: number, reason: string) => opsPost<OpsTvItem>(`/content/tv/${id}/remove`, { reason }),

  packages: () => opsGet<OpsPackage[]>('/content/packages'),
  savePackage: (id: number, body: unknown) => opsPost<OpsPackage>(`/content/packages/${id}`, body),

  support: () => opsGet<{ name: SupportSetting['name']; value: string }[]>('/content/support'),
  saveSupport: (body: unknown) => opsPost<SupportSetting>('/content/support', body),

  rooms: (query: ListQuery) => opsGet<Page<OpsChatRoom>>('/content/chat-rooms', query),
  addRoom: (body: unknown) => opsPost<OpsChatRoom>('/content/chat-rooms', body),
  saveRoom: (id: number, body: unknown) => opsPost<OpsChatRoom>(`/content/chat-rooms/${id}`, body),
  archiveRoom: (id: number, reason: string) =>
    opsPost<OpsChatRoom>(`/content/chat-rooms/${id}/archive`, { reason }),

  /** An image stored for a banner or an icon; `onProgress` from 0 to 1. */
  async uploadImage(file: File, onProgress: (fraction: number) => void) {
    const form = new FormData();
    form.append('file', file);
    const answer = await apiUpload<{ url: string }>('/ops/content/images', { form, onProgress });
    return answer.payload.url;
  },
};

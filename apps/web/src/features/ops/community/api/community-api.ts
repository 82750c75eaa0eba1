import type {
  AnswerFeedbackRequest,
  Broadcast,
  BroadcastCount,
  BroadcastRequest,
  BroadcastTargets,
  FeedbackDetail,
  FeedbackListItem,
  FeedbackStatus,
  ModerationMessage,
  ModerationRoom,
  Mute,
  MuteRequest,
} from '@playon/shared/ops-community';
import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import { apiRequest } from '../../../../lib/api-client';
import { opsGet, opsPost, type Page } from '../../api/ops-api';

type ListQuery = { q: string; page: number; pageSize: number };
const room = (chatRoomUid: string) => `/community/chat/rooms/${encodeURIComponent(chatRoomUid)}`;

/** The console's community area: one fetcher per endpoint, each answering its payload (or message). */
export const communityApi = {
  feedback: (query: ListQuery & { status?: FeedbackStatus | undefined }) =>
    opsGet<Page<FeedbackListItem>>('/community/feedback', query),
  feedbackMessage: (id: string) => opsGet<FeedbackDetail>(`/community/feedback/${id}`),
  answer: (id: string, body: AnswerFeedbackRequest) =>
    opsPost<FeedbackDetail>(`/community/feedback/${id}/answer`, body),
  close: (id: string) => opsPost<FeedbackDetail>(`/community/feedback/${id}/close`, {}),
  reopen: (id: string) => opsPost<FeedbackDetail>(`/community/feedback/${id}/reopen`, {}),

  rooms: (query: ListQuery) => opsGet<Page<ModerationRoom>>('/community/chat/rooms', query),
  room: (chatRoomUid: string) => opsGet<ModerationRoom>(room(chatRoomUid)),
  messages: (chatRoomUid: string, query: ListQuery & { show: string }) =>
    opsGet<Page<ModerationMessage>>(`${room(chatRoomUid)}/messages`, query),
  hide: (chatRoomUid: string, messageId: string, reason: string) =>
    opsPost<ModerationMessage>(`${room(chatRoomUid)}/messages/${messageId}/hide`, { reason }),
  mutes: (chatRoomUid: string, query: ListQuery) => opsGet<Page<Mute>>(`${room(chatRoomUid)}/mutes`, query),
  mute: (chatRoomUid: string, body: MuteRequest) => opsPost<Mute>(`${room(chatRoomUid)}/mutes`, body),
  lift: (chatRoomUid: string, uid: string, reason: string) =>
    opsPost<Mute>(`${room(chatRoomUid)}/mutes/${encodeURIComponent(uid)}/lift`, { reason }),

  broadcasts: (query: ListQuery) => opsGet<Page<Broadcast>>('/community/broadcasts', query),
  targets: () => opsGet<BroadcastTargets>('/community/broadcasts/targets'),
  count: (audience: { audience: string; tournamentId?: number | undefined; gameId?: number | undefined }) =>
    opsGet<BroadcastCount>('/community/broadcasts/count', audience),
  /** One key per confirmation: a second click on the same dialog is answered with the first broadcast. */
  async send(body: BroadcastRequest, idempotencyKey: string) {
    const answer = await apiRequest<Broadcast>('/ops/community/broadcasts', {
      method: 'POST',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    });
    return { message: answer.statusMessage, payload: answer.payload };
  },
};

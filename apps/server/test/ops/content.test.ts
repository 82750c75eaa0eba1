import { randomUUID } from 'node:crypto';
import type { ChatRoom } from '@playon/shared/chat';
import type { EventBanner } from '@playon/shared/events';
import type { Game } from '@playon/shared/games';
import type { AuditEntry } from '@playon/shared/ops';
import {
  contentMessages,
  type OpsGame,
  type OpsTournament,
  type OpsTvItem,
} from '@playon/shared/ops-content';
import type { PaymentIntent } from '@playon/shared/payments';
import type { SubscriptionPackage, UserSubscription } from '@playon/shared/subscriptions';
import type { SupportSetting, TvItem } from '@playon/shared/support';
import type { HallOfFameEntry, Tournament, TournamentAward } from '@playon/shared/tournaments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../../src/modules/content/service.ts';
import { createGameService } from '../../src/modules/games/service.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { insertTestGame, tournamentApi } from '../support/tournaments.ts';

let t: PaymentsTestApp;
let admin: TestPlayer;
let player: TestPlayer;
beforeAll(async () => {
  t = await createPaymentsTestApp();
  admin = await signUpOperator(t.app, t.database.db, 'admin');
  player = await signUpPlayer(t.app);
});
afterAll(() => t.close());

const quiet = { info() {}, warn() {}, error() {} };
const MINUTE = 60_000;

async function call<T>(who: TestPlayer, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as { statusMessage: string; payload: T } };
}
/** An admin's change that must succeed: its payload. */
async function change<T>(url: string, payload: unknown): Promise<T> {
  const answer = await call<T>(admin, 'POST', url, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload;
}
async function seen<T>(url: string, who = player): Promise<T> {
  const answer = await call<T>(who, 'GET', url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload;
}
async function auditOf(action: string, targetId: string) {
  const page = await seen<{ items: AuditEntry[] }>(
    `/api/ops/audit?action=${action}&q=${encodeURIComponent(targetId)}`,
    admin,
  );
  return page.items.filter((entry) => entry.targetId === targetId);
}
async function uploadImage(bytes = tinyPng(), type = 'image/png') {
  const form = multipartForm({}, { name: 'banner.png', type, bytes });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ops/content/images',
    headers: { ...bearer(admin.token), 'content-type': form.contentType },
    payload: form.payload,
  });
  return { status: response.statusCode, url: response.json().payload?.url as string };
}
const packageIds = async () =>
  new Map((await seen<SubscriptionPackage[]>('/api/subscription-packages/list')).map((p) => [p.name, p.id]));

/** What the next boot does: the catalogue seeded from the games' files again. */
const seedGamesAgain = () =>
  createGameService({
    db: t.database.db,
    secret: t.config.authSecret,
    gamesDir: t.config.gamesDir,
    log: quiet,
    hasActiveSubscription: async () => false,
    assertTournamentPlayable: async () => {},
  }).seed();

describe('who may run content', () => {
  it('is admins only: support, finance and players get 403, anonymous 401', async () => {
    const support = await signUpOperator(t.app, t.database.db, 'support');
    const finance = await signUpOperator(t.app, t.database.db, 'finance');
    for (const url of [
      '/api/ops/content/games',
      '/api/ops/content/tournaments',
      '/api/ops/content/packages',
    ]) {
      for (const who of [support, finance, player]) expect((await call(who, 'GET', url)).status).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call(admin, 'GET', url)).status).toBe(200);
    }
    const refused = await call(support, 'POST', '/api/ops/content/support', {
      name: 'Email',
      value: 'x@y.ke',
    });
    expect(refused.status).toBe(403);
  });
});

describe('games', () => {
  it('disables, orders and features a game as players then see it, audited, and a reboot keeps it', async () => {
    const catalogue = await seen<Game[]>('/api/games/list');
    const target = catalogue[0] as Game;
    const settings = {
      enabled: false,
      featured: true,
      sortOrder: 50,
      access: 'FREE',
      maxPoints: 5000,
      maxPointsPerSecond: 50,
    };
    await change(`/api/ops/content/games/${target.id}`, settings);
    expect((await seen<Game[]>('/api/games/list')).map((g) => g.id)).not.toContain(target.id);
    expect((await call(player, 'GET', `/api/games/get/${target.id}`)).status).toBe(404);
    expect((await call(player, 'POST', `/api/games/${target.id}/play`, {})).status).toBe(404);

    await change(`/api/ops/content/games/${target.id}`, { ...settings, enabled: true });
    // Placed last by its order, and featured.
    expect((await seen<Game[]>('/api/games/list')).at(-1)?.id).toBe(target.id);
    expect((await seen<Game[]>('/api/games/list?featured=true')).map((g) => g.id)).toContain(target.id);
    const [entry] = await auditOf('content.game.update', String(target.id));
    expect(entry?.before).toMatchObject({ enabled: false });
    expect(entry?.after).toMatchObject({ enabled: true, featured: true, maxPoints: 5000 });

    // The next boot seeds the catalogue from the files again: the operator's settings stay.
    await seedGamesAgain();
    const page = await seen<{ items: OpsGame[] }>(
      `/api/ops/content/games?q=${encodeURIComponent(target.name)}`,
      admin,
    );
    expect(page.items[0]).toMatchObject({ id: target.id, featured: true, maxPoints: 5000, sortOrder: 50 });
  });

  it("writes a game's description in Kiswahili: Kiswahili readers get it, audited, and a reboot keeps it", async () => {
    const target = (await seen<Game[]>('/api/games/list'))[0] as Game;
    const [before] = (
      await seen<{ items: OpsGame[] }>(`/api/ops/content/games?q=${encodeURIComponent(target.name)}`, admin)
    ).items;
    if (!before) throw new Error(`${target.name} is not in the console`);
    const settings = {
      enabled: before.enabled,
      featured: before.featured,
      sortOrder: before.sortOrder,
      access: before.access,
      maxPoints: before.maxPoints,
      maxPointsPerSecond: before.maxPointsPerSecond,
    };
    const descriptionSw = 'Mchezo wa majaribio: cheza na ushinde alama za juu.';
    const saved = await change<OpsGame>(`/api/ops/content/games/${target.id}`, {
      ...settings,
      descriptionSw: `  ${descriptionSw}  `,
    });
    expect(saved).toMatchObject({ descriptionSw, description: before.description });
    const [entry] = await auditOf('content.game.update', String(target.id));
    expect(entry).toMatchObject({
      before: { descriptionSw: before.descriptionSw },
      after: { descriptionSw },
    });
    const read = async (language: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/games/get/${target.id}`,
        headers: { ...bearer(player.token), 'accept-language': language },
      });
      return (answer.json().payload as Game).description;
    };
    expect(await read('sw')).toBe(descriptionSw);
    expect(await read('en')).toBe(before.description);

    // Settings saved without it keep it; the next boot's seed from game.json keeps the operator's.
    await change(`/api/ops/content/games/${target.id}`, { ...settings, sortOrder: settings.sortOrder + 1 });
    await seedGamesAgain();
    expect(await read('sw')).toBe(descriptionSw);

    const tooLong = await call(admin, 'POST', `/api/ops/content/games/${target.id}`, {
      ...settings,
      descriptionSw: 'a'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      payload: { fields: { descriptionSw: 'Keep the Kiswahili description under 2000 characters.' } },
    });
    // Emptied, Kiswahili readers get the English; a boot fills in the game file's Kiswahili again.
    await change(`/api/ops/content/games/${target.id}`, { ...settings, descriptionSw: '' });
    expect(await read('sw')).toBe(before.description);
    await seedGamesAgain();
    expect(await read('sw')).toBe(before.descriptionSw ?? before.description);
  });

  it('adds an outside game by its address: players play it there, and it cannot hold a tournament', async () => {
    const icon = await uploadImage();
    expect(icon.status).toBe(200);
    const outside = {
      name: 'Safari Quiz',
      packageId: `com.partner.quiz${randomUUID().slice(0, 6)}`,
      description: 'A quiz hosted by a partner.',
      gameUrl: 'https://games.partner.example/quiz/?lang=en',
      gameIcon: icon.url,
      trailerLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      enabled: true,
      featured: false,
      sortOrder: 5,
      access: 'FREE',
      maxPoints: 100,
      maxPointsPerSecond: 5,
    };
    const game = await change<OpsGame>('/api/ops/content/games', outside);
    expect(game).toMatchObject({ source: 'url', scoring: 'plausible', slug: null });
    expect((await seen<Game[]>('/api/games/list')).map((g) => g.id)).toContain(game.id);
    const shown = await seen<Game>(`/api/games/get/${game.id}`);
    expect(shown).toMatchObject({ gameUrl: outside.gameUrl, gameIcon: icon.url });
    const session = await call<{ launchUrl: string }>(player, 'POST', `/api/games/${game.id}/play`, {});
    expect(session.body.payload.launchUrl).toMatch(
      /^https:\/\/games\.partner\.example\/quiz\/\?lang=en&username=/,
    );

    const again = await call(admin, 'POST', '/api/ops/content/games', outside);
    expect(again.status).toBe(409);
    expect(again.body.statusMessage).toBe(contentMessages.packageIdTaken);

    const cup = await call(admin, 'POST', '/api/ops/content/tournaments', {
      name: 'Quiz cup',
      description: 'No.',
      gameId: game.id,
      starts: new Date(Date.now() + MINUTE).toISOString(),
      ends: new Date(Date.now() + 60 * MINUTE).toISOString(),
      prizes: [],
    });
    expect(cup.status).toBe(400);
    expect(cup.body.statusMessage).toBe(contentMessages.outsideGameNoTournament);
  });
});

describe('tournaments', () => {
  const form = async (gameId: number, starts: number, ends: number) => {
    const ids = await packageIds();
    return {
      name: `Cup ${randomUUID().slice(0, 6)}`,
      description: 'Three days of play.',
      gameId,
      starts: new Date(starts).toISOString(),
      ends: new Date(ends).toISOString(),
      prizes: [
        { position: 1, subscriptionPackageId: ids.get('Platinum') },
        { position: 2, subscriptionPackageId: ids.get('Gold') },
      ],
    };
  };

  it('creates one with prizes, edits it before the start, and refuses an edit once it has started', async () => {
    const game = await insertTestGame(t);
    const later = await change<OpsTournament>(
      '/api/ops/content/tournaments',
      await form(game.id, Date.now() + 60 * MINUTE, Date.now() + 120 * MINUTE),
    );
    expect(later).toMatchObject({
      state: 'UPCOMING',
      prizes: [{ packageName: 'Platinum' }, { packageName: 'Gold' }],
    });
    const edited = await change<OpsTournament>(`/api/ops/content/tournaments/${later.id}`, {
      ...(await form(game.id, Date.now() + 30 * MINUTE, Date.now() + 90 * MINUTE)),
      name: 'Renamed cup',
    });
    expect(edited.name).toBe('Renamed cup');
    const awards = await seen<TournamentAward[]>(`/api/tournament-awards/tournament/${later.id}`);
    expect(awards.map((a) => [a.position, a.subscriptionPackage.name])).toEqual([
      [1, 'Platinum'],
      [2, 'Gold'],
    ]);
    const [entry] = await auditOf('content.tournament.edit', String(later.id));
    expect(entry?.before).toMatchObject({ name: later.name });
    expect(entry?.after).toMatchObject({ name: 'Renamed cup' });

    const running = await change<OpsTournament>(
      '/api/ops/content/tournaments',
      await form(game.id, Date.now() - 1000, Date.now() + 60 * MINUTE),
    );
    expect(running.state).toBe('ONGOING');
    const refused = await call(
      admin,
      'POST',
      `/api/ops/content/tournaments/${running.id}`,
      await form(game.id, Date.now() + MINUTE, Date.now() + 60 * MINUTE),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.statusMessage).toBe(contentMessages.tournamentStarted);
    const past = await call(
      admin,
      'POST',
      '/api/ops/content/tournaments',
      await form(game.id, Date.now() - 60 * MINUTE, Date.now() + 60 * MINUTE),
    );
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ payload: { fields: { starts: contentMessages.startInPast } } });
  });

  it('ends a running tournament now: prizes granted, hall of fame, notices, each step audited', async () => {
    const game = await insertTestGame(t);
    const cup = await change<OpsTournament>(
      '/api/ops/content/tournaments',
      await form(game.id, Date.now() - 1000, Date.now() + 60 * MINUTE),
    );
    const api = tournamentApi(t);
    const winner = await signUpPlayer(t.app);
    const second = await signUpPlayer(t.app);
    for (const [who, points] of [
      [winner, 90],
      [second, 40],
    ] as const) {
      const scored = await api.report(who, cup.id, {
        session: await api.session(who, game.id, cup.id),
        points,
      });
      expect(scored.statusCode, scored.body).toBe(200);
    }
    const ended = await change<OpsTournament>(`/api/ops/content/tournaments/${cup.id}/end-now`, {
      reason: 'Sponsor asked to close early',
    });
    expect(ended.state).toBe('RANKED');
    expect(ended.prizes.map((prize) => prize.winnerId)).toEqual([winner.uid, second.uid]);
    const fame = await seen<HallOfFameEntry[]>('/api/hall-of-fame');
    expect(fame.find((entry) => entry.tournamentId === cup.id)?.members).toEqual([winner.uid, second.uid]);
    const subscriptions = await seen<UserSubscription[]>('/api/subscriptions/list', winner);
    expect(subscriptions.map((s) => [s.subscriptionPackage.name, s.expired])).toEqual([['Platinum', false]]);
    const notices = await seen<{ title: string }[]>('/api/profile/notifications', winner);
    expect(notices.map((n) => n.title)).toContain('You won Gold!');
    for (const action of [
      'content.tournament.create',
      'content.tournament.end-now',
      'content.tournament.rank',
    ]) {
      expect(await auditOf(action, String(cup.id)), action).toHaveLength(1);
    }
    const [rank] = await auditOf('content.tournament.rank', String(cup.id));
    expect(rank).toMatchObject({
      reason: 'Sponsor asked to close early',
      after: { winners: [winner.uid, second.uid] },
    });
    const twice = await call(admin, 'POST', `/api/ops/content/tournaments/${cup.id}/end-now`, {
      reason: 'again',
    });
    expect(twice.status).toBe(409);
  });

  it('cancels one: off the players’ list, no play, no prize, scores kept, its players told', async () => {
    const game = await insertTestGame(t);
    const cup = await change<OpsTournament>(
      '/api/ops/content/tournaments',
      await form(game.id, Date.now() - 1000, Date.now() + 60 * MINUTE),
    );
    const api = tournamentApi(t);
    const scorer = await signUpPlayer(t.app);
    await api.report(scorer, cup.id, { session: await api.session(scorer, game.id, cup.id), points: 10 });
    const noReason = await call(admin, 'POST', `/api/ops/content/tournaments/${cup.id}/cancel`, {
      reason: '',
    });
    expect(noReason.status).toBe(400);
    const cancelled = await change<OpsTournament>(`/api/ops/content/tournaments/${cup.id}/cancel`, {
      reason: 'The game had a bug',
    });
    expect(cancelled).toMatchObject({ state: 'CANCELLED', players: 1 });
    expect((await seen<Tournament[]>('/api/tournaments')).map((c) => c.id)).not.toContain(cup.id);
    expect((await api.play(scorer, game.id, cup.id)).statusCode).toBe(409);
    const notices = await seen<{ title: string }[]>('/api/profile/notifications', scorer);
    expect(notices.map((n) => n.title)).toContain(`${cup.name} was cancelled`);
    const [entry] = await auditOf('content.tournament.cancel', String(cup.id));
    expect(entry).toMatchObject({ reason: 'The game had a bug', before: { state: 'ONGOING' } });
    const fame = await seen<HallOfFameEntry[]>('/api/hall-of-fame');
    expect(fame.map((entry) => entry.tournamentId)).not.toContain(cup.id);
  });
});

describe('content in Kiswahili', () => {
  async function seenInKiswahili<T>(url: string): Promise<T> {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(player.token), 'accept-language': 'sw' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  }

  it("shows a tournament's Kiswahili name and description to players reading Kiswahili, English without them", async () => {
    const game = await insertTestGame(t);
    const ids = await packageIds();
    const fields = {
      gameId: game.id,
      starts: new Date(Date.now() + 60 * MINUTE).toISOString(),
      ends: new Date(Date.now() + 120 * MINUTE).toISOString(),
      prizes: [{ position: 1, subscriptionPackageId: ids.get('Gold') }],
    };
    const both = await change<OpsTournament>('/api/ops/content/tournaments', {
      ...fields,
      name: 'Weekend cup',
      description: 'Play all weekend.',
      nameSw: 'Kombe la wikendi',
      descriptionSw: 'Cheza wikendi nzima.',
    });
    expect(both).toMatchObject({ nameSw: 'Kombe la wikendi', descriptionSw: 'Cheza wikendi nzima.' });
    const english = await change<OpsTournament>('/api/ops/content/tournaments', {
      ...fields,
      name: 'English only cup',
      description: 'Written in English.',
      nameSw: '  ',
    });
    expect(english.nameSw).toBeNull();
    expect(await seenInKiswahili<Tournament>(`/api/tournaments/${both.id}`)).toMatchObject({
      name: 'Kombe la wikendi',
      description: 'Cheza wikendi nzima.',
    });
    expect(await seenInKiswahili<Tournament>(`/api/tournaments/${english.id}`)).toMatchObject({
      name: 'English only cup',
      description: 'Written in English.',
    });
    expect(await seen<Tournament>(`/api/tournaments/${both.id}`)).toMatchObject({ name: 'Weekend cup' });
    const [entry] = await auditOf('content.tournament.create', String(both.id));
    expect(entry?.after).toMatchObject({ nameSw: 'Kombe la wikendi' });
  });

  it("shows a video's Kiswahili title to players reading Kiswahili", async () => {
    const video = await change<OpsTvItem>('/api/ops/content/tv', {
      title: 'Cup final',
      titleSw: 'Fainali ya kombe',
      channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
      primary: false,
    });
    expect(video.titleSw).toBe('Fainali ya kombe');
    const listed = (list: TvItem[]) => list.find((item) => item.id === video.id)?.title;
    expect(listed(await seenInKiswahili<TvItem[]>('/api/playon-tv/list'))).toBe('Fainali ya kombe');
    expect(listed(await seen<TvItem[]>('/api/playon-tv/list'))).toBe('Cup final');
  });
});

describe('event banners', () => {
  it('uploads an image and shows the active banners in order on the dashboard, audited', async () => {
    const image = await uploadImage();
    expect(image.url).toMatch(/^\/media\/content-images\/[\w-]+\.png$/);
    const notAnImage = await uploadImage(Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(notAnImage.status).toBe(415);
    const tooBig = await uploadImage(Buffer.concat([tinyPng(), Buffer.alloc(3 * 1024 * 1024)]));
    expect(tooBig.status).toBe(413);

    const banner = {
      title: 'Mashujaa Day cup',
      description: 'Play all weekend.',
      eventBannerUrl: image.url,
      sortOrder: 0,
      activeFrom: new Date(Date.now() - MINUTE).toISOString(),
      activeTo: new Date(Date.now() + 60 * MINUTE).toISOString(),
    };
    const shown = await change<{ id: number }>('/api/ops/content/banners', banner);
    const hidden = await change<{ id: number }>('/api/ops/content/banners', {
      ...banner,
      title: 'Next month',
      activeFrom: new Date(Date.now() + 24 * 60 * MINUTE).toISOString(),
      activeTo: null,
    });
    const dashboard = await seen<EventBanner[]>('/api/events');
    expect(dashboard[0]).toMatchObject({ id: shown.id, title: banner.title, eventBannerUrl: image.url });
    expect(dashboard.map((b) => b.id)).not.toContain(hidden.id);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);

    await change(`/api/ops/content/banners/${shown.id}`, { ...banner, sortOrder: 99 });
    expect((await seen<EventBanner[]>('/api/events')).at(-1)?.id).toBe(shown.id);
    const [entry] = await auditOf('content.banner.update', String(shown.id));
    expect(entry).toMatchObject({ before: { sortOrder: 0 }, after: { sortOrder: 99 } });

    // The Kiswahili beside the English, read by players asking in Kiswahili.
    const inKiswahili = { titleSw: 'Kombe la Mashujaa', descriptionSw: 'Cheza wikendi nzima.' };
    const edited = await change(`/api/ops/content/banners/${shown.id}`, {
      ...banner,
      sortOrder: 99,
      ...inKiswahili,
    });
    expect(edited).toMatchObject(inKiswahili);
    const readInKiswahili = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { ...bearer(player.token), 'accept-language': 'sw' },
    });
    expect((readInKiswahili.json().payload as EventBanner[]).find((b) => b.id === shown.id)).toMatchObject({
      title: inKiswahili.titleSw,
      description: inKiswahili.descriptionSw,
    });
    expect((await seen<EventBanner[]>('/api/events')).find((b) => b.id === shown.id)).toMatchObject({
      title: banner.title,
    });

    // Its picture with the words in Kiswahili, optional: shown to Kiswahili readers, audited, removable.
    const pictureSw = await uploadImage();
    await change(`/api/ops/content/banners/${shown.id}`, {
      ...banner,
      sortOrder: 99,
      ...inKiswahili,
      eventBannerUrlSw: pictureSw.url,
    });
    const [pictureEntry] = await auditOf('content.banner.update', String(shown.id));
    expect(pictureEntry).toMatchObject({
      before: { eventBannerUrlSw: null },
      after: { eventBannerUrlSw: pictureSw.url },
    });
    const pictureOf = async (language?: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { ...bearer(player.token), ...(language ? { 'accept-language': language } : {}) },
      });
      return (answer.json().payload as EventBanner[]).find((b) => b.id === shown.id)?.eventBannerUrl;
    };
    expect(await pictureOf('sw-KE')).toBe(pictureSw.url);
    expect(await pictureOf('en')).toBe(image.url);
    expect(await pictureOf()).toBe(image.url);
    const outside = await call(admin, 'POST', `/api/ops/content/banners/${shown.id}`, {
      ...banner,
      eventBannerUrlSw: 'https://elsewhere.example/banner.png',
    });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({
      payload: { fields: { eventBannerUrlSw: 'Please upload an image.' } },
    });
    await change(`/api/ops/content/banners/${shown.id}`, { ...banner, sortOrder: 99, eventBannerUrlSw: '' });
    expect(await pictureOf('sw')).toBe(image.url);

    const backwards = await call(admin, 'POST', '/api/ops/content/banners', {
      ...banner,
      activeTo: new Date(Date.now() - 60 * MINUTE).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      payload: { fields: { activeTo: 'The end must be after the start.' } },
    });
  });
});

describe('a banner that opens a tournament', () => {
  it('links a banner to a tournament players then open from it, refuses a cancelled or unknown one, audited', async () => {
    const image = await uploadImage();
    const game = await insertTestGame(t);
    const cup = await change<OpsTournament>('/api/ops/content/tournaments', {
      name: `Banner cup ${randomUUID().slice(0, 6)}`,
      description: 'Tap the banner.',
      gameId: game.id,
      starts: new Date(Date.now() + 60 * MINUTE).toISOString(),
      ends: new Date(Date.now() + 120 * MINUTE).toISOString(),
      prizes: [],
    });
    const banner = {
      title: 'Tap for the cup',
      description: 'It opens the cup.',
      eventBannerUrl: image.url,
      sortOrder: 0,
      activeFrom: null,
      activeTo: null,
      tournamentId: cup.id,
    };
    const linked = await change<{ id: number; tournamentId: number | null }>(
      '/api/ops/content/banners',
      banner,
    );
    expect(linked.tournamentId).toBe(cup.id);
    const dashboard = await seen<EventBanner[]>('/api/events');
    expect(dashboard.find((shown) => shown.id === linked.id)?.tournamentId).toBe(cup.id);
    const [entry] = await auditOf('content.banner.add', String(linked.id));
    expect(entry?.after).toMatchObject({ tournamentId: cup.id });

    const unknown = await call(admin, 'POST', '/api/ops/content/banners', {
      ...banner,
      tournamentId: 999_999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      payload: { fields: { tournamentId: contentMessages.bannerTournament } },
    });
    const cancelled = await call(admin, 'POST', `/api/ops/content/tournaments/${cup.id}/cancel`, {
      reason: 'Sponsor left',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Kept as it was while the operator edits something else; a new link to it is refused.
    await change(`/api/ops/content/banners/${linked.id}`, { ...banner, sortOrder: 1 });
    const fresh = await call(admin, 'POST', '/api/ops/content/banners', banner);
    expect(fresh.status).toBe(400);
    const unlinked = await change<{ tournamentId: number | null }>(`/api/ops/content/banners/${linked.id}`, {
      ...banner,
      tournamentId: null,
    });
    expect(unlinked.tournamentId).toBeNull();
    expect(
      (await seen<EventBanner[]>('/api/events')).find((shown) => shown.id === linked.id)?.tournamentId,
    ).toBeNull();
  });
});

describe('Playon TV and support settings', () => {
  it('adds a primary video with its title and removes one with a reason', async () => {
    const first = await change<TvItem>('/api/ops/content/tv', {
      title: 'Highlights',
      channelUrl: 'https://youtu.be/eRsGyueVLvQ',
      primary: true,
    });
    const second = await change<TvItem>('/api/ops/content/tv', {
      title: 'Finals',
      channelUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
      primary: true,
    });
    const tv = await seen<TvItem[]>('/api/playon-tv/list');
    expect(tv[0]).toMatchObject({ id: second.id, title: 'Finals', primary: true });
    expect(tv.filter((item) => item.primary)).toHaveLength(1);
    const notYoutube = await call(admin, 'POST', '/api/ops/content/tv', {
      title: 'x',
      channelUrl: 'https://example.com/video',
      primary: false,
    });
    expect(notYoutube.status).toBe(400);
    await change(`/api/ops/content/tv/${first.id}/remove`, { reason: 'Licence ended' });
    expect((await seen<TvItem[]>('/api/playon-tv/list')).map((item) => item.id)).not.toContain(first.id);
    expect(await auditOf('content.tv.remove', String(first.id))).toMatchObject([{ reason: 'Licence ended' }]);
  });

  it("sets a video's title and picture (an upload or YouTube's thumbnail), audited; other pictures are refused", async () => {
    const video = await change<TvItem>('/api/ops/content/tv', {
      title: 'Matatu Rush: how to dodge',
      channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
      primary: false,
    });
    expect(video.thumbnailUrl).toBeNull();
    const upload = await uploadImage();
    expect(upload.status).toBe(200);
    const edited = await change<TvItem>(`/api/ops/content/tv/${video.id}`, {
      title: 'Matatu Rush: the fastest line',
      thumbnailUrl: upload.url,
      channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
      primary: false,
    });
    expect(edited).toMatchObject({ title: 'Matatu Rush: the fastest line', thumbnailUrl: upload.url });
    expect((await seen<TvItem[]>('/api/playon-tv/list')).find((item) => item.id === video.id)).toMatchObject({
      title: 'Matatu Rush: the fastest line',
      thumbnailUrl: upload.url,
    });
    expect(await auditOf('content.tv.update', String(video.id))).toMatchObject([
      {
        before: { title: 'Matatu Rush: how to dodge', thumbnailUrl: null },
        after: { title: 'Matatu Rush: the fastest line', thumbnailUrl: upload.url },
      },
    ]);

    const youtubes = await change<TvItem>(`/api/ops/content/tv/${video.id}`, {
      title: 'Matatu Rush: the fastest line',
      thumbnailUrl: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
      channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
      primary: false,
    });
    expect(youtubes.thumbnailUrl).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
    for (const thumbnailUrl of ['https://example.com/x.jpg', 'javascript:alert(1)', '/media/../secret.png']) {
      const refused = await call(admin, 'POST', `/api/ops/content/tv/${video.id}`, {
        title: 'x',
        thumbnailUrl,
        channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
        primary: false,
      });
      expect(refused.status, thumbnailUrl).toBe(400);
    }
    const cleared = await change<TvItem>(`/api/ops/content/tv/${video.id}`, {
      title: 'Matatu Rush: the fastest line',
      thumbnailUrl: '',
      channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
      primary: false,
    });
    expect(cleared.thumbnailUrl).toBeNull();
  });

  it("sets the feedback footer's contacts; an empty value hides one; a reboot keeps them", async () => {
    await change('/api/ops/content/support', { name: 'Email', value: 'help@playon.co.ke' });
    await change('/api/ops/content/support', { name: 'Phone', value: '' });
    const footer = async () => seen<SupportSetting[]>('/api/contact-us/list');
    expect(await footer()).toContainEqual({ name: 'Email', value: 'help@playon.co.ke' });
    expect((await footer()).map((s) => s.name)).not.toContain('Phone');
    await createContentService({ db: t.database.db, demoContent: false, log: quiet }).seed();
    expect(await footer()).toContainEqual({ name: 'Email', value: 'help@playon.co.ke' });
    expect((await footer()).map((s) => s.name)).not.toContain('Phone');
    expect(await auditOf('content.support.set', 'Phone')).toMatchObject([{ after: { value: '' } }]);
  });
});

describe('subscription packages', () => {
  it('a new price applies to new purchases only: a card payment started before keeps its price', async () => {
    const ids = await packageIds();
    const silver = ids.get('Silver') as number;
    const buyer = await signUpPlayer(t.app);
    const started = await call<PaymentIntent>(buyer, 'POST', '/api/payments/subscribe', {
      paymentMethodId: 3,
      subscriptionPackageId: silver,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const oldAmount = started.body.payload.amount;

    const noReason = await call(admin, 'POST', `/api/ops/content/packages/${silver}`, {
      description: 'Silver, dearer.',
      amount: oldAmount + 15,
      popular: false,
    });
    expect(noReason.status).toBe(400);
    await change(`/api/ops/content/packages/${silver}`, {
      description: 'Silver, dearer.',
      amount: oldAmount + 15,
      popular: true,
      descriptionSw: 'Silver, bei ya juu zaidi.',
      reason: 'New price list',
    });
    const listed = (await seen<SubscriptionPackage[]>('/api/subscription-packages/list')).find(
      (p) => p.id === silver,
    );
    expect(listed).toMatchObject({ amount: oldAmount + 15, description: 'Silver, dearer.', popular: true });
    // The operator's Kiswahili, to a player asking in Kiswahili.
    const listedSw = await t.app.inject({
      method: 'GET',
      url: '/api/subscription-packages/list',
      headers: { ...bearer(player.token), 'accept-language': 'sw' },
    });
    expect((listedSw.json().payload as SubscriptionPackage[]).find((p) => p.id === silver)).toMatchObject({
      name: 'Silver',
      description: 'Silver, bei ya juu zaidi.',
    });

    // The buyer pays on the card page opened before the change: the old price, and the package is theirs.
    const checkout = await fetch(started.body.payload.txGwSessionUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
      }).toString(),
      redirect: 'manual',
    });
    const back = new URL(checkout.headers.get('location') ?? '');
    await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const paid = await seen<PaymentIntent>(`/api/payments/${started.body.payload.id}`, buyer);
    expect(paid).toMatchObject({ status: 'COMPLETED', amount: oldAmount });
    expect(
      (await seen<UserSubscription[]>('/api/subscriptions/list', buyer))[0]?.subscriptionPackage.id,
    ).toBe(silver);
    const next = await call<PaymentIntent>(buyer, 'POST', '/api/payments/subscribe', {
      paymentMethodId: 3,
      subscriptionPackageId: silver,
    });
    expect(next.body.payload.amount).toBe(oldAmount + 15);
    await t.sandbox.settled();
    await expectLedgerSound(t.database.db);
    const [entry] = await auditOf('content.package.update', String(silver));
    expect(entry).toMatchObject({
      reason: 'New price list',
      before: { amount: oldAmount },
      after: { amount: oldAmount + 15 },
    });
  });
});

describe('chat rooms', () => {
  it('creates, renames and archives a room as players see it', async () => {
    const icon = await uploadImage();
    const room = await change<{ id: number; chatRoomUid: string }>('/api/ops/content/chat-rooms', {
      name: 'Nairobi gamers',
      icon: icon.url,
    });
    const listed = async () => seen<ChatRoom[]>('/api/chat-rooms/list');
    expect((await listed()).find((r) => r.id === room.id)).toMatchObject({
      name: 'Nairobi gamers',
      icon: icon.url,
    });
    expect((await call(player, 'GET', `/api/profile/chatroom-join/${room.chatRoomUid}`)).status).toBe(200);
    await change(`/api/ops/content/chat-rooms/${room.id}`, { name: 'Kenya gamers', icon: icon.url });
    expect((await listed()).find((r) => r.id === room.id)?.name).toBe('Kenya gamers');
    // A name in Kiswahili beside the English, read by players asking in Kiswahili.
    const withKiswahili = await change<{ nameSw: string | null }>(`/api/ops/content/chat-rooms/${room.id}`, {
      name: 'Kenya gamers',
      nameSw: 'Wachezaji wa Kenya',
      icon: icon.url,
    });
    expect(withKiswahili.nameSw).toBe('Wachezaji wa Kenya');
    const readInKiswahili = await t.app.inject({
      method: 'GET',
      url: '/api/chat-rooms/list',
      headers: { ...bearer(player.token), 'accept-language': 'sw' },
    });
    expect((readInKiswahili.json().payload as ChatRoom[]).find((r) => r.id === room.id)?.name).toBe(
      'Wachezaji wa Kenya',
    );
    expect((await listed()).find((r) => r.id === room.id)?.name).toBe('Kenya gamers');

    await change(`/api/ops/content/chat-rooms/${room.id}/archive`, { reason: 'Merged into General' });
    expect((await listed()).map((r) => r.id)).not.toContain(room.id);
    const send = await call(player, 'POST', '/api/chats/send', {
      chatRoomId: room.id,
      message: 'hi',
      chatType: 'TEXT',
    });
    expect(send.status).toBe(404);
    const renamed = await call(admin, 'POST', `/api/ops/content/chat-rooms/${room.id}`, {
      name: 'x',
      icon: icon.url,
    });
    expect(renamed.status).toBe(409);
    const [entry] = await auditOf('content.chat-room.archive', String(room.id));
    expect(entry).toMatchObject({ reason: 'Merged into General', before: { archivedAt: null } });
  });
});

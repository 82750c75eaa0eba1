import { PageQuerySchema } from '@playon/shared/ops';
import {
  BannerFormSchema,
  OpsBannerPageSchema,
  OpsBannerSchema,
  OpsSupportSettingSchema,
  OpsTvItemSchema,
  OpsTvPageSchema,
  ReasonRequestSchema,
  SupportSettingFormSchema,
  TvFormSchema,
} from '@playon/shared/ops-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { OpsIdParams, type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { ContentService } from '../service.ts';

const refusals = opsRefusals();
const withNotFound = opsRefusals(404);

/** /api/ops/content: the dashboard's banners, Playon TV and the support settings. */
export function contentOpsRoutes(content: ContentService, ops: OpsService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, tags, audit } = opsArea(ops, 'content');
    const { console: desk } = content;

    app.get(
      '/api/ops/content/banners',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Every event banner, active or not, in the slider order; search by title',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(OpsBannerPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Banners.', await desk.bannersPage(request.query)),
    );
    app.post(
      '/api/ops/content/banners',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Add an event banner (its image uploaded first to /api/ops/content/images)',
          body: BannerFormSchema,
          response: { 200: envelopeSchema(OpsBannerSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Banner added.', await desk.addBanner(request.body, audit(request))),
    );
    app.post(
      '/api/ops/content/banners/:id',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Change an event banner: image, title, description, order, active dates',
          params: OpsIdParams,
          body: BannerFormSchema,
          response: { 200: envelopeSchema(OpsBannerSchema), ...withNotFound },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Banner saved.',
          await desk.updateBanner(request.params.id, request.body, audit(request)),
        ),
    );

    app.get(
      '/api/ops/content/tv',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'The Playon TV videos, the primary first; search by title or link',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(OpsTvPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Videos.', await desk.tvPage(request.query)),
    );
    app.post(
      '/api/ops/content/tv',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Add a Playon TV video (a YouTube link with its title; primary makes it the top one)',
          body: TvFormSchema,
          response: { 200: envelopeSchema(OpsTvItemSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Video added.', await desk.addTvItem(request.body, audit(request))),
    );
    app.post(
      '/api/ops/content/tv/:id',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Change a Playon TV video',
          params: OpsIdParams,
          body: TvFormSchema,
          response: { 200: envelopeSchema(OpsTvItemSchema), ...withNotFound },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Video saved.',
          await desk.updateTvItem(request.params.id, request.body, audit(request)),
        ),
    );
    app.post(
      '/api/ops/content/tv/:id/remove',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Take a video off Playon TV, with the reason',
          params: OpsIdParams,
          body: ReasonRequestSchema,
          response: { 200: envelopeSchema(OpsTvItemSchema), ...withNotFound },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Video removed.',
          await desk.removeTvItem(request.params.id, request.body.reason, audit(request)),
        ),
    );

    app.get(
      '/api/ops/content/support',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "The feedback footer's contact settings, each name with its value ('' when unset)",
          response: { 200: envelopeSchema(z.array(OpsSupportSettingSchema)), ...refusals },
        },
      },
      async (_request, reply) => sendEnvelope(reply, 200, 'Support settings.', await desk.supportSettings()),
    );
    app.post(
      '/api/ops/content/support',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Set one support setting; an empty value hides it from the footer',
          body: SupportSettingFormSchema,
          response: { 200: envelopeSchema(OpsSupportSettingSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Setting saved.',
          await desk.saveSupportSetting(request.body, audit(request)),
        ),
    );
  };
}

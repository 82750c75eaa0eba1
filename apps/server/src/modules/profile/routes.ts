import { DeviceTokenRequestSchema, DeviceTokenSavedSchema } from '@playon/shared/device-token';
import { messages } from '@playon/shared/messages';
import { ProfileSchema, ProfileUpdateSchema } from '@playon/shared/profile';
import { PublicUserSchema } from '@playon/shared/tournaments';
import { FriendLookupSchema, FriendUsernameSchema } from '@playon/shared/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { currentPlayer } from '../auth/service.ts';
import type { ProfileService } from './service.ts';

const ProfileEnvelope = envelopeSchema(ProfileSchema);
const errors = errorResponses(400, 401, 403, 409);

/** `devices` checks a push subscription before it is stored (the notifications service's push rules). */
export function profileRoutes(profiles: ProfileService, devices: Pick<ProfileService, 'saveDeviceToken'>) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/auth/login',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['profile'],
          summary: 'Login check: the profile, created on the first call (201)',
          response: { 200: ProfileEnvelope, 201: ProfileEnvelope, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const { profile, created } = await profiles.logIn(currentPlayer(request));
        return sendEnvelope(reply, created ? 201 : 200, messages.loggedIn, profile);
      },
    );

    app.put(
      '/api/profile/:uid',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['profile'],
          summary: 'Change one field of your own profile',
          params: z.object({ uid: z.string() }),
          body: ProfileUpdateSchema,
          response: { 200: ProfileEnvelope, ...errors },
        },
      },
      async (request, reply) => {
        const { profile, statusMessage } = await profiles.updateField(
          currentPlayer(request),
          request.params.uid,
          request.body,
        );
        return sendEnvelope(reply, 200, statusMessage, profile);
      },
    );

    app.get(
      '/api/users/by-username/:username',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['profile'],
          summary: "Boost a friend: the friend's id by their username (any case)",
          params: z.object({ username: FriendUsernameSchema }),
          response: {
            200: envelopeSchema(FriendLookupSchema),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const friend = await profiles.friendByUsername(currentPlayer(request), request.params.username);
        reply.header('cache-control', 'no-store');
        return sendEnvelope(reply, 200, 'OK', friend);
      },
    );

    for (const path of ['/api/users/public/:id', '/api/users/get/:id']) {
      app.get(
        path,
        {
          config: { signIn: 'player' },
          schema: {
            tags: ['profile'],
            summary: "Another player's public face: name, username and picture, nothing else",
            params: z.object({ id: z.string().min(1).max(200) }),
            response: {
              200: envelopeSchema(PublicUserSchema),
              ...errorResponses(401, 404),
            },
          },
        },
        async (request, reply) =>
          sendEnvelope(reply, 200, 'OK', await profiles.publicPlayer(request.params.id)),
      );
    }

    app.post(
      '/api/profile/device-token',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['profile'],
          summary: "Register this browser's push subscription",
          body: DeviceTokenRequestSchema,
          response: { 200: envelopeSchema(DeviceTokenSavedSchema), ...errors },
        },
      },
      async (request, reply) => {
        await devices.saveDeviceToken(currentPlayer(request), request.body);
        return sendEnvelope(reply, 200, 'Notifications are on for this device.', { saved: true as const });
      },
    );
  };
}

import multipart from '@fastify/multipart';
import { messages } from '@playon/shared/messages';
import { UploadFieldsSchema, uploadMessages } from '@playon/shared/upload';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, sendEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { currentPlayer, type RequirePlayer } from '../auth/service.ts';
import { MAX_UPLOAD_BYTES, type UploadsService } from './service.ts';

/** Reads the multipart form: its text fields and the one file, refusing a file over the limit. */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file) file = await part.toBuffer();
        else await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(MAX_UPLOAD_BYTES));
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'Please upload one file at a time.');
    }
    throw error;
  }
  return { fields, file };
}

export function uploadsRoutes(uploads: UploadsService, requirePlayer: RequirePlayer) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    app.post(
      '/api/upload',
      {
        preHandler: requirePlayer,
        schema: {
          tags: ['uploads'],
          summary: 'Upload a profile picture (multipart: file, id, type)',
          consumes: ['multipart/form-data'],
          response: {
            200: envelopeSchema(z.object({ url: z.string() })),
            400: ErrorEnvelopeSchema,
            401: ErrorEnvelopeSchema,
            403: ErrorEnvelopeSchema,
            413: ErrorEnvelopeSchema,
            415: ErrorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', uploadMessages.noFile);
        const { fields, file } = await readForm(request);
        const parsed = UploadFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? messages.required);
        }
        if (!file || file.byteLength === 0) throw new AppError('BAD_REQUEST', uploadMessages.noFile);
        const payload = await uploads.upload(currentPlayer(request), parsed.data, file);
        return sendEnvelope(reply, 200, messages.uploadSuccessful, payload);
      },
    );
  };
}

import multipart from '@fastify/multipart';
import { messages } from '@playon/shared/messages';
import { UploadFieldsSchema, UploadResultSchema, uploadMessages } from '@playon/shared/upload';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { currentPlayer } from '../auth/service.ts';
import { MAX_UPLOAD_BYTES, type UploadedFile, type UploadsService } from './service.ts';

/**
 * Reads the multipart form: its text fields and the one file. A file past MAX_UPLOAD_BYTES is cut
 * there and marked truncated rather than refused at once: the form may name its type (and with it
 * the limit the message states) after the file.
 */
export async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { bytes, truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'Please upload one file at a time.');
    }
    if (error instanceof AppError) throw error;
    // Only the form is read here: a body cut short (a dropped connection), a missing or wrong
    // boundary, a garbled part header. Nothing is stored yet, so it is a refusal, not a failure.
    request.log.info({ err: error }, 'unreadable upload form');
    throw new AppError('BAD_REQUEST', uploadMessages.unreadableForm);
  }
  return { fields, file };
}

/** Documents are saved, not opened in the app's origin; pictures, video and sound play inline. */
const DOWNLOADED = /\.(pdf|txt)$/;

/** `storage` also serves the stored files, under /media/, from local disk or the bucket (ADR 0030). */
export function uploadsRoutes(uploads: UploadsService, storage: Storage) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 },
      throwFileSizeLimit: false,
    });
    await storage.serve(app, { attachment: DOWNLOADED });
    app.post(
      '/api/upload',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['uploads'],
          summary:
            'Upload a profile picture (type PROFILE_PICTURE, id = your uid) or a chat attachment (type CHAT_MEDIA, id = the room id); multipart: file, id, type',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(UploadResultSchema), ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', uploadMessages.noFile);
        const { fields, file } = await readForm(request);
        const parsed = UploadFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? messages.required);
        }
        if (!file || file.bytes.byteLength === 0) throw new AppError('BAD_REQUEST', uploadMessages.noFile);
        const payload = await uploads.upload(currentPlayer(request), parsed.data, file);
        return sendEnvelope(reply, 200, messages.uploadSuccessful, payload);
      },
    );
  };
}

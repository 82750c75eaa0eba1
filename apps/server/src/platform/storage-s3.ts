import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MEDIA_CACHE_CONTROL,
  MEDIA_PREFIX,
  mediaKeyOf,
  newMediaKey,
  type Storage,
  type StorageLocation,
} from './storage.ts';

type S3Location = Extract<StorageLocation, { kind: 's3' }>;

export function s3Client(location: S3Location) {
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
    // newer default (aws-chunked bodies with a trailing CRC), and an upload is one small PUT.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** A header's HTTP date; a garbled one is ignored, as a static file server ignores it. */
function dateOrNothing(value: string | undefined) {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * Uploads in an S3-compatible bucket (S3_BUCKET), for several instances. The bucket stays private:
 * files are read through PlayOn's own /media/ URLs, which every instance answers from the bucket
 * (ADR 0030), so stored URLs, the web app's same-origin rules and downloads are as with local disk.
 */
export function createS3Storage(location: S3Location, client = s3Client(location)): Storage {
  const { bucket, prefix } = location;

  async function send(request: FastifyRequest, reply: FastifyReply, key: string, attachment: RegExp) {
    const conditions = {
      Bucket: bucket,
      Key: `${prefix}${key}`,
      Range: request.headers.range,
      IfNoneMatch: request.headers['if-none-match'],
      IfModifiedSince: dateOrNothing(request.headers['if-modified-since']),
    };
    let object: Pick<
      GetObjectCommandOutput,
      'ContentType' | 'ContentLength' | 'ContentRange' | 'ETag' | 'LastModified'
    > & { Body?: unknown };
    try {
      object =
        request.method === 'HEAD'
          ? await client.send(new HeadObjectCommand(conditions))
          : await client.send(new GetObjectCommand(conditions));
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return reply.code(304).header('cache-control', MEDIA_CACHE_CONTROL).send();
      // A removed file: answered as local disk answers it (the API's not-found envelope).
      if (status === 404) return reply.callNotFound();
      if (status === 416) return reply.code(416).send();
      throw error;
    }
    reply
      .code(object.ContentRange ? 206 : 200)
      .header('accept-ranges', 'bytes')
      .header('cache-control', MEDIA_CACHE_CONTROL);
    if (object.ContentType) reply.type(object.ContentType);
    if (object.ContentLength !== undefined) reply.header('content-length', object.ContentLength);
    if (object.ContentRange) reply.header('content-range', object.ContentRange);
    if (object.ETag) reply.header('etag', object.ETag);
    if (object.LastModified) reply.header('last-modified', object.LastModified.toUTCString());
    if (attachment.test(key)) reply.header('content-disposition', 'attachment');
    return reply.send(request.method === 'HEAD' ? undefined : (object.Body as Readable));
  }

  return {
    async put(folder, extension, bytes, mediaType) {
      const key = newMediaKey(folder, extension);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${key}`,
          Body: bytes,
          ContentType: mediaType,
        }),
      );
      return `${MEDIA_PREFIX}${key}`;
    },
    async remove(url) {
      const key = mediaKeyOf(url);
      if (key) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }));
    },
    async serve(app, { attachment }) {
      app.route({
        method: ['GET', 'HEAD'],
        url: `${MEDIA_PREFIX}*`,
        schema: { hide: true },
        handler: async (request, reply) => {
          const key = mediaKeyOf(request.url.split('?')[0] ?? '');
          return key ? send(request, reply, key, attachment) : reply.callNotFound();
        },
      });
      app.addHook('onClose', async () => client.destroy());
    },
  };
}

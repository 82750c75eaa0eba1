import { fileTypeFromBuffer } from 'file-type';

/**
 * The attachments a chat accepts, as file-type names them from the bytes, with the extension the
 * stored file gets (so /media serves the right type). Nothing a browser would run: no HTML, SVG,
 * XML or script, whatever the file is called.
 */
const allowed: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/3gpp': '3gp',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/ogg; codecs=opus': 'opus',
  'audio/wav': 'wav',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/amr': 'amr',
  'application/pdf': 'pdf',
};

const TEXT_MEDIA = { mime: 'text/plain', ext: 'txt' } as const;

/**
 * Plain text has no magic number: it is text when the bytes are valid UTF-8 without NULs. A file
 * that opens with a tag is markup (HTML, SVG, XML) pretending, and is refused.
 */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
}

/** The media type and extension of an acceptable chat attachment, judged by its bytes; undefined if refused. */
export async function judgeMedia(bytes: Uint8Array): Promise<{ mime: string; ext: string } | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const ext = allowed[detected.mime];
    return ext ? { mime: detected.mime, ext } : undefined;
  }
  return isPlainText(bytes) ? TEXT_MEDIA : undefined;
}

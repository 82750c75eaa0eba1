// A load generator's HTTP/1.1 client, as wrk's or pgbench's own clients are: one kept-alive socket,
// one request at a time, the request's bytes written at once and the answer read as far as its status
// and its body's end. What the bench measures is the server; node:http's client (its agent, llhttp,
// the events for every header) cost about a third of the server's CPU per request on the same cores.
import { connect, type Socket } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/** Where an answer's body ends in `buffer` (from `headerEnd`), or -1 while more bytes must come. */
function bodyEnd(head: string, buffer: Buffer, headerEnd: number): number {
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const end = headerEnd + Number(length[1]);
    return buffer.length >= end ? end : -1;
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return headerEnd;
  // Chunked: sizes in hex, each chunk followed by CRLF, the last of size 0 then an empty line.
  let at = headerEnd;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      const last = buffer.indexOf('\r\n', lineEnd + 2);
      return last < 0 ? -1 : last + 2;
    }
    at = lineEnd + 2 + size + 2;
    if (buffer.length < at) return -1;
  }
}

/**
 * A client of `host:port`: `send(request)` writes one whole request (its head and body, as written)
 * and resolves with the answer's status once its body has arrived. One request at a time; the socket
 * is opened on the first and again after the server closes it.
 */
export function rawHttpClient(host: string, port: number) {
  let socket: Socket | undefined;
  let buffer: Buffer = Buffer.alloc(0);
  let waiting: { resolve(status: number): void; reject(error: Error): void } | undefined;

  function onData(chunk: Buffer) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const headerEnd = buffer.indexOf(HEADER_END);
    if (headerEnd < 0 || !waiting) return;
    const head = buffer.toString('latin1', 0, headerEnd);
    const end = bodyEnd(head, buffer, headerEnd + HEADER_END.length);
    if (end < 0) return;
    buffer = buffer.subarray(end);
    const answered = waiting;
    waiting = undefined;
    answered.resolve(Number(head.slice(9, 12)));
  }

  function open(): Socket {
    const opened = connect({ host, port, noDelay: true });
    opened.on('data', onData);
    const lost = (error?: Error) => {
      if (socket === opened) socket = undefined;
      buffer = Buffer.alloc(0);
      waiting?.reject(error ?? new Error('the server closed the connection before answering'));
      waiting = undefined;
    };
    opened.once('error', lost);
    opened.once('close', () => lost());
    return opened;
  }

  return {
    send(request: string): Promise<number> {
      if (waiting) return Promise.reject(new Error('one request at a time on a raw client'));
      socket ??= open();
      const on = socket;
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        on.write(request);
      });
    },
    close() {
      socket?.destroy();
    },
  };
}

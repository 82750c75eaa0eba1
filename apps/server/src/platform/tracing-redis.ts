import { tracingChannel } from 'node:diagnostics_channel';
import { type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer } from './tracing.ts';

/** What ioredis publishes about each command it writes (its `ioredis:command` tracing channel). */
interface RedisCommand {
  command: string;
  serverAddress: string;
  serverPort?: number;
  error?: unknown;
}

/**
 * A span for each Redis command sent within a trace, from ioredis's own tracing channel: every
 * client is covered wherever it was created, and with no subscriber ioredis skips the channel. A
 * command outside any span (a presence heartbeat) starts no trace. Its arguments are not recorded:
 * keys name players, values can be session ids. Returns the unsubscribe.
 */
export function traceRedisCommands(): () => void {
  const channel = tracingChannel<unknown, RedisCommand & object>('ioredis:command');
  const spans = new WeakMap<object, Span>();
  const handlers = {
    start(message: RedisCommand & object) {
      if (!trace.getActiveSpan()) return;
      spans.set(
        message,
        tracer().startSpan(`redis ${message.command}`, {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'redis',
            'db.operation.name': message.command,
            'server.address': message.serverAddress,
            ...(message.serverPort ? { 'server.port': message.serverPort } : {}),
          },
        }),
      );
    },
    end() {},
    asyncStart() {},
    asyncEnd(message: RedisCommand & object) {
      spans.get(message)?.end();
    },
    error(message: RedisCommand & object) {
      const span = spans.get(message);
      span?.recordException(message.error as Error);
      span?.setStatus({ code: SpanStatusCode.ERROR });
    },
  };
  channel.subscribe(handlers);
  return () => channel.unsubscribe(handlers);
}

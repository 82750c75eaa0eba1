import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler.ts';
import { AppError } from './errors.ts';
import { healthRoutes } from './health.ts';

async function appWith(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  routes(app);
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('answers an unexpected error with a bare 500 that leaks nothing', async () => {
    const app = await appWith((a) =>
      a.get('/api/boom', async () => {
        throw new Error('connection to 10.0.0.5 refused: password authentication failed');
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      statusMessage: 'Something happened.',
      payload: { code: 'INTERNAL' },
    });
  });

  it('maps an AppError code to its status', async () => {
    const app = await appWith((a) =>
      a.get('/api/busy', async () => {
        throw new AppError('BUSY', 'Wait.');
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/api/busy' });
    expect(response.statusCode).toBe(409);
    expect(response.json().payload).toEqual({ code: 'BUSY' });
  });

  it("answers invalid input with the first issue's message and every field's", async () => {
    const app = await appWith((a) =>
      a.post(
        '/api/form',
        {
          schema: {
            body: z.object({ name: z.string().min(1, 'Name, please.'), age: z.number('Age, please.') }),
          },
        },
        async () => ({}),
      ),
    );
    const response = await app.inject({ method: 'POST', url: '/api/form', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      statusMessage: 'Name, please.',
      payload: { code: 'BAD_REQUEST', fields: { name: 'Name, please.', age: 'Age, please.' } },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const app = await appWith((a) => a.post('/api/form', async () => ({})));
    const response = await app.inject({
      method: 'POST',
      url: '/api/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.code).toBe('BAD_REQUEST');
  });
});

describe('the health check', () => {
  it('answers 503 when the database does not answer', async () => {
    const app = await appWith((a) => {
      a.register(
        healthRoutes(
          { ping: () => Promise.reject(new Error('ECONNREFUSED')) },
          { on: false, public: false, warning: undefined },
        ),
      );
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().payload).toEqual({ database: 'down', sandbox: 'off' });
  });
});

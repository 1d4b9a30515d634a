import { joinSentences } from './http-exception.filter';
import { clientNetwork } from './client-ip.decorator';
import {
  BadRequestException,
  Controller,
  Get,
  HttpException,
  INestApplication,
  NotFoundException,
  Post,
  Body,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import express from 'express';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import supertest from 'supertest';
import { loadConfig } from '../config/app-config';
import { HttpExceptionFilter } from './http-exception.filter';
import { originCheck } from './origin-check.middleware';
import { createValidationPipe } from './validation';

class NoteDto {
  @IsString()
  @MaxLength(5)
  text: string;
}

class SignupDto {
  @IsEmail({}, { message: 'Please enter a valid e-mail address.' })
  email: string;

  @IsIn(['en', 'sv'], { message: 'Please choose a language.' })
  language: string;
}

@Controller('t')
class TestController {
  @Get('missing') missing() {
    throw new NotFoundException('Reflection not found');
  }
  @Get('boom') boom() {
    throw new Error('database password is hunter2');
  }
  @Get('plain') plain() {
    throw new HttpException('Slow down', 429);
  }
  @Post('note') note(@Body() body: NoteDto) {
    return body;
  }
  @Post('signup') signup(@Body() body: SignupDto) {
    return body;
  }
}

describe('error shape and validation', () => {
  let app: INestApplication;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [TestController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new HttpExceptionFilter());
    await app.init();
  });
  afterAll(() => app.close());

  it('answers every error as {statusCode, message, error}', async () => {
    const res = await supertest(app.getHttpServer()).get('/t/missing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Reflection not found', error: 'Not Found' });
    const plain = await supertest(app.getHttpServer()).get('/t/plain');
    expect(plain.body).toEqual({ statusCode: 429, message: 'Slow down', error: 'Too Many Requests' });
  });

  it('joins several validation messages into one text with a single full stop between sentences', async () => {
    const res = await supertest(app.getHttpServer())
      .post('/t/signup')
      .send({ email: 'nope', language: 'de', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'Unknown field "extra". Please enter a valid e-mail address. Please choose a language.',
      error: 'Bad Request',
    });
  });

  it('hides the details of unexpected errors', async () => {
    const res = await supertest(app.getHttpServer()).get('/t/boom');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(res.body.error).toBe('Internal Server Error');
  });

  it('refuses unknown fields and invalid values with a readable 400', async () => {
    const unknown = await supertest(app.getHttpServer()).post('/t/note').send({ text: 'hi', admin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field "admin"');
    const tooLong = await supertest(app.getHttpServer()).post('/t/note').send({ text: 'far too long' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('text must be shorter than or equal to 5 characters');
    expect(new BadRequestException().getStatus()).toBe(400);
  });
});

describe('originCheck', () => {
  const server = express();
  server.use(
    originCheck(loadConfig({ PUBLIC_URL: 'https://clari.example', ALLOWED_ORIGINS: 'http://localhost:5173' })),
  );
  server.all('/x', (_req, res) => res.json({ ok: true }));

  it('lets safe methods through from anywhere', async () => {
    await supertest(server).get('/x').set('Origin', 'https://evil.example').expect(200);
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await supertest(server).post('/x').set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, message: 'Cross-origin request refused', error: 'Forbidden' });
    await supertest(server).delete('/x').set('Sec-Fetch-Site', 'cross-site').expect(403);
    await supertest(server).put('/x').set('Origin', 'null').expect(403);
  });

  it('never trusts the Host header: an Origin naming the requested host is still another site (DNS rebinding)', async () => {
    const res = await supertest(server)
      .post('/x')
      .set('Host', 'rebound.example')
      .set('Origin', 'http://rebound.example');
    expect(res.status).toBe(403);
    await supertest(server).post('/x').set('Host', 'clari.example').set('Origin', 'http://clari.example').expect(403);
  });

  it('accepts the loopback spellings of a loopback PUBLIC_URL, and only on its port', async () => {
    const local = express();
    local.use(originCheck(loadConfig({ PORT: '3000' })));
    local.post('/x', (_req, res) => res.json({ ok: true }));
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      await supertest(local).post('/x').set('Origin', origin).expect(200);
    }
    for (const origin of ['http://127.0.0.1:3001', 'https://localhost:3000', 'http://localhost.evil.example:3000']) {
      await supertest(local).post('/x').set('Origin', origin).expect(403);
    }
  });

  it('accepts our own origin, configured origins and non-browser clients', async () => {
    await supertest(server).post('/x').set('Origin', 'https://clari.example').expect(200);
    await supertest(server).post('/x').set('Origin', 'http://localhost:5173').expect(200);
    await supertest(server).post('/x').set('Sec-Fetch-Site', 'same-origin').expect(200);
    await supertest(server).post('/x').expect(200);
    await supertest(server).post('/x').set('Referer', 'https://clari.example/reflect').expect(200);
  });

  it('refuses a request with no Origin but a Referer from another site', async () => {
    await supertest(server).post('/x').set('Referer', 'https://evil.example/page').expect(403);
    await supertest(server).delete('/x').set('Referer', 'not a url').expect(403);
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:8d3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:85a3:08d3:ffff::9', '2001:db8:85a3:8d3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe('joined validation messages', () => {
  it('end every sentence once', () => {
    expect(joinSentences(['Please enter a valid e-mail address.', 'Please choose a language.'])).toBe(
      'Please enter a valid e-mail address. Please choose a language.',
    );
    expect(joinSentences(['email must be an email', 'Really?', 'done'])).toBe('email must be an email. Really? done');
    expect(joinSentences(['Only one.'])).toBe('Only one.');
    expect(joinSentences(['Write "yes."', 'Or (as said above.)', 'Wait…', '  Then go!  ', '', 'Next'])).toBe(
      'Write "yes." Or (as said above.) Wait… Then go! Next',
    );
    expect(joinSentences(['Unknown field "x"', 'Please enter your password.'])).toBe(
      'Unknown field "x". Please enter your password.',
    );
  });
});

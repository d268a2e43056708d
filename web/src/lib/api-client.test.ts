import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError, api, NETWORK_CODE, TIMEOUT_CODE } from './api-client';
import { download } from './download';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(async () => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    consoleError.mockRestore();
  });

  function sentRequest(): { url: string; init: RequestInit; headers: Headers } {
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    return { url, init, headers: new Headers(init.headers) };
  }

  it('calls the same-origin API with the client, language and currency headers', async () => {
    // Prepare
    Cookies.set('KORK_CURRENCY', 'NOK');
    await i18n.changeLanguage('nb');
    fetchMock.mockResolvedValue(jsonResponse(200, { payload: { ok: true } }));

    // Act
    await api.get('/config');

    // Assess
    const { url, headers } = sentRequest();
    expect(url).toBe('/api/config');
    expect(headers.get('x-api-key')).toBe('kork-local-web');
    expect(headers.get('x-device-type')).toBe('web');
    expect(headers.get('accept-language')).toBe('nb');
    expect(headers.get('x-currency')).toBe('NOK');
  });

  it('sends the AI client key to the assistant routes and the web key everywhere else', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { payload: null }));

    await api.get('/assistant/conversations');
    await api.delete('/assistant/conversations/c1');
    await api.get('/assistants/elsewhere');
    await api.get('/config');

    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit).headers).get('x-api-key'),
    );
    expect(keys).toEqual(['kork-local-ai', 'kork-local-ai', 'kork-local-web', 'kork-local-web']);
  });

  it('sends EUR when no currency was chosen', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { payload: null }));

    await api.get('/config');

    expect(sentRequest().headers.get('x-currency')).toBe('EUR');
  });

  it('sends the session token as a bearer header only when signed in', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { payload: null }));

    await api.get('/auth/viewer');
    expect(sentRequest().headers.has('authorization')).toBe(false);

    Cookies.set('KORK_TOKEN', 'abc.def.ghi');
    fetchMock.mockClear();
    await api.get('/auth/viewer');
    expect(sentRequest().headers.get('authorization')).toBe('Bearer abc.def.ghi');
  });

  it('unwraps the payload of a success answer, lists included', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { payload: { rows: [{ id: 'w1' }], count: 41 } }));

    const page = await api.get<{ rows: { id: string }[]; count: number }>('/wine-cellars/users/u1/own-wines');

    expect(page).toEqual({ rows: [{ id: 'w1' }], count: 41 });
  });

  it('sends filter arrays comma separated and leaves out empty filters', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { payload: { rows: [], count: 0 } }));

    await api.get('/wine-cellars/users/u1/own-wines', {
      query: { grapes: ['Merlot', 'Syrah'], page: 1, country: undefined },
    });

    expect(sentRequest().url).toBe('/api/wine-cellars/users/u1/own-wines?grapes=Merlot%2CSyrah&page=1');
  });

  it('sends a body as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { payload: { id: 'n1' } }));

    await api.post('/auth/password-recovery', { body: { email: 'anna@example.no' } });

    const { init, headers } = sentRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"email":"anna@example.no"}');
  });

  it('turns a failure into an ApiError carrying the server’s code, message and field messages', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: {
          code: 'VALIDATION',
          message: 'Some fields are not valid',
          fields: { email: 'Invalid email' },
        },
      }),
    );

    const failure = await api.post('/auth/log-in', { body: { email: 'x' } }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Some fields are not valid',
      fields: { email: 'Invalid email' },
    });
    expect((failure as ApiError).body).toEqual({
      error: { code: 'VALIDATION', message: 'Some fields are not valid', fields: { email: 'Invalid email' } },
    });
    expect(consoleError).toHaveBeenCalled();
  });

  it('gives the generic message, in the current language, when a failure has no error body', async () => {
    await i18n.changeLanguage('nb');
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));

    const failure = await api.get('/config').catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 502, message: 'Det oppstod en feil. Vennligst prøv igjen.' });
  });

  it('gives up after 10 seconds with an ECONNABORTED error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const result = api.get('/config').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]?.[1].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await result).toMatchObject({ name: 'ApiError', code: TIMEOUT_CODE, status: 0 });
    expect(consoleError).toHaveBeenCalled();
  });

  it('reports a request that got no answer as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const failure = await api.get('/config').catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: NETWORK_CODE, status: 0 });
  });

  it('passes on a cancellation by the caller without reporting it as a failure', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const result = api.get('/config', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();

    expect(await result).toMatchObject({ name: 'AbortError' });
    expect(consoleError).not.toHaveBeenCalled();
  });

  describe('download', () => {
    let saved: { href: string; download: string }[];
    let click: ReturnType<typeof vi.spyOn>;

    beforeEach(() => {
      saved = [];
      // jsdom has no object URLs: a stand-in names the saved blob.
      URL.createObjectURL = () => 'blob:file';
      URL.revokeObjectURL = () => {};
      click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => click.mockRestore());

    function fileResponse(headers: Record<string, string> = {}): Response {
      return new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-type': 'application/pdf', ...headers },
      });
    }

    it('asks for the file with the client headers and saves it under the name the answer gives', async () => {
      Cookies.set('KORK_CURRENCY', 'NOK');
      fetchMock.mockResolvedValue(
        fileResponse({
          'content-disposition': 'attachment; filename="list.pdf"; filename*=UTF-8\'\'Vinkart%20%C3%A5r.pdf',
        }),
      );

      const file = await download('/lists/1/pdf', 'fallback.pdf', {
        query: { copy: 'guest' },
        accept: 'application/pdf',
      });

      const { url, headers, init } = sentRequest();
      expect(url).toBe('/api/lists/1/pdf?copy=guest');
      expect(init.method).toBe('GET');
      expect(headers.get('accept')).toBe('application/pdf');
      expect(headers.get('x-api-key')).toBe('kork-local-web');
      expect(headers.get('x-currency')).toBe('NOK');
      expect(file.fileName).toBe('Vinkart år.pdf');
      expect(await file.blob.text()).toBe('%PDF-1.7');
      expect(saved).toEqual([{ href: 'blob:file', download: 'Vinkart år.pdf' }]);
    });

    it('names the file as the caller asks when the answer names none, or when told to', async () => {
      fetchMock.mockResolvedValueOnce(fileResponse());
      fetchMock.mockResolvedValueOnce(
        fileResponse({ 'content-disposition': 'attachment; filename="feed.csv"' }),
      );

      await download('/a', 'Kassefil.csv');
      await download('/b', 'Produkter.csv', { answerName: false });

      expect(saved.map((file) => file.download)).toEqual(['Kassefil.csv', 'Produkter.csv']);
    });

    it('hands the file back unsaved when asked', async () => {
      fetchMock.mockResolvedValue(fileResponse());

      const file = await download('/a', 'a.pdf', { save: false });

      expect(file.fileName).toBe('a.pdf');
      expect(saved).toEqual([]);
    });

    it('turns a refused download into an ApiError with the server’s message, and saves nothing', async () => {
      fetchMock.mockResolvedValue(
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No such list' } }),
      );

      const failure = await download('/a', 'a.pdf').catch((error: unknown) => error);

      expect(failure).toMatchObject({
        name: 'ApiError',
        status: 404,
        code: 'NOT_FOUND',
        message: 'No such list',
      });
      expect(saved).toEqual([]);
    });
  });
});

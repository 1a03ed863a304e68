import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service, type MutableResponse } from 'oauth2-mock-server';

type Grant = { clientId: string; claims: Record<string, unknown> };

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) that signs access tokens for any
 * client id, plus Google's token-information endpoint: `GET /tokeninfo?access_token=` answers the
 * token's `aud`/`azp`, or 400 for a token it did not issue. Userinfo answers the token's claims.
 */
export async function startOidcProvider() {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  const issued = new Map<string, Grant>();

  service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? issued.get(token) : undefined;
    response.statusCode = grant ? 200 : 401;
    response.body = grant ? { sub: 'provider-user', ...grant.claims } : { error: 'invalid_token' };
  });

  function tokeninfo(url: URL, res: ServerResponse) {
    const grant = issued.get(url.searchParams.get('access_token') ?? '');
    res.statusCode = grant ? 200 : 400;
    res.setHeader('content-type', 'application/json');
    const body = grant
      ? { aud: grant.clientId, azp: grant.clientId, scope: 'profile email', expires_in: 3599 }
      : { error: 'invalid_token', error_description: 'Invalid Value' };
    res.end(JSON.stringify(body));
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    if (url.pathname === '/tokeninfo') tokeninfo(url, res);
    else service.requestHandler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = base;

  return {
    env: { OIDC_USERINFO_URL: `${base}/userinfo`, OIDC_TOKENINFO_URL: `${base}/tokeninfo` },
    /** A signed access token issued to `clientId`, whose userinfo answers these claims. */
    async accessToken(clientId: string, claims: Record<string, unknown>): Promise<string> {
      const token = await issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, { aud: clientId, azp: clientId, scope: 'profile email' });
        },
      });
      issued.set(token, { clientId, claims });
      return token;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Who may call the tools that write (ingest, delete_document). The rule is the HTTP API's:
//   - 'open':  allowed. stdio (a process the user started themselves), and `rag serve` without
//              a token, which listens on loopback only and refuses cross-site requests.
//   - 'token': `rag serve --token T`: allowed only on a /mcp request that carries
//              `Authorization: Bearer T`. The route checks the header on every request and
//              passes the result in as the SDK's `authInfo` (scope `rag:write`), so a session
//              opened with the token does not keep write access on requests without it. A
//              wrong token is not answered with HTTP 401: MCP clients take a 401 as the start
//              of an OAuth flow, which this server does not offer; the write tool says instead
//              that the token is wrong.
//   - 'off':   `rag mcp --read-only`: the write tools are not offered at all.
// The read tools never need the token, as the read routes of the HTTP API do not.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

export type McpWriteAccess = 'open' | 'token' | 'off';

export const WRITE_SCOPE = 'rag:write';

/**
 * The authInfo the HTTP route passes with a request that carried the right bearer token. It says
 * what the request proved, not the secret itself, so the token is not handed around further.
 */
export function writeAuthInfo(): AuthInfo {
  return { token: '(verified bearer token)', clientId: 'bearer', scopes: [WRITE_SCOPE] };
}

/** The authInfo of a request whose bearer token is not the server's: no scope, and the reason. */
export function rejectedAuthInfo(): AuthInfo {
  return { token: '(rejected bearer token)', clientId: 'bearer', scopes: [], extra: { rejected: true } };
}

/** Why a write tool may not run on this request, or undefined when it may. */
export function writeRefusal(tool: string, access: McpWriteAccess, authInfo: AuthInfo | undefined): string | undefined {
  if (access === 'open') return undefined;
  if (access === 'off') return `${tool}: this MCP server is read-only (rag mcp --read-only)`;
  if (authInfo?.scopes.includes(WRITE_SCOPE)) return undefined;
  if (authInfo?.extra?.rejected === true) return `${tool}: unauthorized: the bearer token sent with this /mcp request is not this server's token`;
  return `${tool}: unauthorized: this server needs its bearer token for writes; send "Authorization: Bearer <token>" with the /mcp request (reads need no token)`;
}

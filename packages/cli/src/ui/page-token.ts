// The bearer token the page keeps for this browser tab (entered on the Curation tab), added to a
// request's headers: one place for every fetch of the page, plain calls and event streams alike.
const KEY = 'rag-token';

export function addToken(headers: Headers): Headers {
  const token = sessionStorage.getItem(KEY);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return headers;
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function hasToken(): boolean {
  return Boolean(sessionStorage.getItem(KEY));
}

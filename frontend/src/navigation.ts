/** A full-page navigation; injected into components so tests can observe it (jsdom cannot navigate). */
export type Navigate = (url: string) => void;

export const navigateTo: Navigate = (url) => {
  window.location.assign(url);
};

export const SIGN_IN_PATH = '/accounts/login/';

/** Django's sign-in page, coming back to `next` afterwards. */
export function signInUrl(next: string): string {
  // Slashes stay readable; everything else that could break the query is escaped.
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(next).replaceAll('%2F', '/')}`;
}

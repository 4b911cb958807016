import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const PLUGINS = [remarkGfm];

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks) for text that
 * admins and researchers write: guidelines and dataset cards. react-markdown never renders
 * raw HTML, so the text cannot inject markup; links cannot carry `javascript:` URLs
 * (react-markdown's default URL transform drops them).
 */
export function SafeMarkdown({ children }: { children: string }) {
  return <Markdown remarkPlugins={PLUGINS}>{children}</Markdown>;
}

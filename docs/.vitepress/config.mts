// The documentation site: VitePress over the Markdown pages in docs/ (readable on GitHub as they
// are), plus the API reference TypeDoc writes to docs/api/ (tooling/scripts/docs-build.mjs).
// Build with `pnpm docs:build`; output in docs/.vitepress/dist.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';
import { githubSlug } from '../../tooling/scripts/github-slug.mjs';

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(docsDir, '..');
const REPO_URL = 'https://github.com/rag-toolkit/rag';

const apiSidebarFile = join(docsDir, 'api/typedoc-sidebar.json');
const apiSidebar: DefaultTheme.SidebarItem[] = existsSync(apiSidebarFile) ? JSON.parse(readFileSync(apiSidebarFile, 'utf8')) : [];

const page = (text: string, link: string): DefaultTheme.SidebarItem => ({ text, link });

const guideSidebar: DefaultTheme.SidebarItem[] = [
  { text: 'Start', items: [page('Getting started', '/'), page('Your own documents', '/your-docs'), page('Concepts', '/concepts')] },
  {
    text: 'Guides',
    items: [
      page('Ollama and Qdrant (service mode)', '/services'),
      page('Ollama', '/ollama'),
      page('OpenAI-compatible servers', '/openai'),
      page('Qdrant', '/qdrant'),
      page('Model mode', '/model-mode'),
      page('MCP clients', '/mcp'),
      page('HTTP API and chat endpoints', '/http-api'),
      page('Web UI', '/web-ui'),
      page('Serving: tokens, load, workspaces', '/serve'),
      page('Writing a plugin', '/writing-a-plugin'),
      page('Sizing', '/scaling'),
      page('Writing a store safely', '/store-safety'),
      page('Input rules and repair', '/input-rules'),
      page('Training data', '/train-data'),
      page('Measuring (rag-eval)', '/eval'),
    ],
  },
  {
    text: 'Reference',
    items: [
      page('CLI', '/reference/cli'),
      page('rag.config.json and environment', '/reference/config'),
      page('HTTP', '/reference/http'),
      page('API (every package)', '/api/'),
      page('About these docs', '/reference/docs-site'),
    ],
  },
  {
    text: 'How it works',
    collapsed: true,
    items: [
      page('Architecture', '/architecture'),
      page('Indexing', '/indexer'),
      page('Extraction', '/extraction'),
      page('Index directory format', '/index-format'),
      page('Graph store', '/graph-store'),
      page('Graph store: multigraph', '/graph-store-multigraph'),
      page('Graph store: persistence', '/graph-store-format'),
      page('Retrievers', '/retrievers'),
      page('Agents', '/agents'),
      page('Answer reader', '/answer-reader'),
      page('Verification', '/verify'),
      page('Core', '/core'),
      page('The demo app and CLI', '/demo'),
    ],
  },
  {
    text: 'Benchmarks and status',
    collapsed: true,
    items: [
      page('Benchmarks', '/benchmarks'),
      ...['core', 'graph-store', 'indexer', 'retrievers', 'verify', 'agents', 'eval', 'demo'].map((p) => page(`Benchmarks: ${p}`, `/benchmarks/${p}`)),
      page('Status', '/status'),
      page('Engineering notes', '/notes/'),
    ],
  },
];

/**
 * Links written for GitHub (relative paths that work in the repository) rewritten for the site:
 * `../public/x.json` → `/x.json` (VitePress serves docs/public at the root), and a link that leaves
 * docs/ (`../packages/core/README.md`) → the file on GitHub.
 */
function rewriteRepoLinks(md: import('markdown-it').default): void {
  const original = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env: { relativePath?: string }, self) => {
    const token = tokens[idx]!;
    const href = token.attrGet('href');
    if (href && !/^[a-z]+:|^#|^\//i.test(href) && env.relativePath) {
      const [path, anchor] = href.split('#');
      const target = resolve(docsDir, dirname(env.relativePath), path!);
      const inDocs = relative(docsDir, target);
      if (inDocs.startsWith(`public/`)) token.attrSet('href', `/${inDocs.slice('public/'.length)}`);
      else if (inDocs.startsWith('..')) {
        token.attrSet('href', `${REPO_URL}/blob/main/${relative(repoRoot, target)}${anchor ? `#${anchor}` : ''}`);
      }
    }
    return original(tokens, idx, options, env, self);
  };
}

/** HTML elements the pages use on purpose; anything else written in angle brackets is text. */
const HTML_TAGS = new Set(['a', 'br', 'img', 'details', 'summary', 'sub', 'sup', 'kbd', 'div', 'span', 'p', 'b', 'i', 'em', 'strong', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'ul', 'ol', 'li', 'hr', 'picture', 'source']);

/**
 * VitePress compiles each page as a Vue template, so a placeholder written in prose such as
 * `--store <store>` or `/w/<name>/` (fine on GitHub, which shows it as text) would be parsed as an
 * element with no end tag. Render raw HTML whose tag is not a known element as escaped text.
 */
function escapeUnknownTags(md: import('markdown-it').default): void {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const known = (html: string) => {
    const tags = [...html.matchAll(/<\/?([A-Za-z][A-Za-z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
    return tags.length > 0 && tags.every((t) => HTML_TAGS.has(t)) || /^\s*<!--/.test(html);
  };
  for (const rule of ['html_inline', 'html_block'] as const) {
    const original = md.renderer.rules[rule];
    md.renderer.rules[rule] = (tokens, idx, options, env, self) => {
      const content = tokens[idx]!.content;
      // Not a tag at all (the heading anchors' `&ZeroWidthSpace;`), or a known element: as is.
      if (!/^\s*<[A-Za-z/]/.test(content) || known(content)) return original ? original(tokens, idx, options, env, self) : content;
      return escape(content);
    };
  }
}

export default defineConfig({
  title: '@rag',
  description: 'Graph-based, adaptive and agentic RAG for TypeScript: user guide, reference and API.',
  cleanUrls: true,
  lastUpdated: false,
  // The API pages are generated; everything else must link to pages that exist.
  // (localhost URLs in the API docs are examples of a server address, not links.)
  ignoreDeadLinks: 'localhostLinks',
  markdown: {
    // GitHub's anchors, so `page.md#anchor` links work on GitHub and on the site alike.
    anchor: { slugify: githubSlug },
    config: (md) => {
      rewriteRepoLinks(md);
      escapeUnknownTags(md);
    },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/' },
      { text: 'Reference', link: '/reference/cli' },
      { text: 'API', link: '/api/' },
      { text: 'Benchmarks', link: '/benchmarks' },
    ],
    sidebar: {
      '/api/': [{ text: 'API reference', link: '/api/', items: apiSidebar }],
      '/': guideSidebar,
    },
    outline: { level: [2, 3] },
    search: { provider: 'local' },
    socialLinks: [{ icon: 'github', link: REPO_URL }],
  },
});

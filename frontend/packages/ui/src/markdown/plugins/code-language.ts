import type { PluginSimple } from 'markdown-it';

/**
 * Fenced code keeps markdown-it's `<pre><code class="language-x">` and gains a visible label
 * naming its language (the first word of the fence's info string).
 */
export const codeLanguagePlugin: PluginSimple = (md) => {
  const renderFence = md.renderer.rules.fence;
  if (!renderFence) return;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const code = renderFence(tokens, index, options, env, self);
    const info = md.utils.unescapeAll(tokens[index]?.info ?? '').trim();
    const language = info.split(/\s+/)[0] ?? '';
    const label = language
      ? `<div class="md-code-language">${md.utils.escapeHtml(language)}</div>`
      : '';
    return `<div class="md-code">${label}${code}</div>\n`;
  };
};

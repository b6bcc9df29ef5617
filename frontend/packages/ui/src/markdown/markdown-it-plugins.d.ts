// Type declarations for markdown-it plugins that ship none.
declare module 'markdown-it-mark' {
  import type { PluginSimple } from 'markdown-it';

  const plugin: PluginSimple;
  export default plugin;
}

declare module 'markdown-it-sub' {
  import type { PluginSimple } from 'markdown-it';

  const plugin: PluginSimple;
  export default plugin;
}

declare module 'markdown-it-sup' {
  import type { PluginSimple } from 'markdown-it';

  const plugin: PluginSimple;
  export default plugin;
}

declare module 'markdown-it-ins' {
  import type { PluginSimple } from 'markdown-it';

  const plugin: PluginSimple;
  export default plugin;
}

declare module 'markdown-it-task-lists' {
  import type { PluginWithOptions } from 'markdown-it';

  const plugin: PluginWithOptions<{ enabled?: boolean; label?: boolean; labelAfter?: boolean }>;
  export default plugin;
}

declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it';

  const plugin: PluginSimple;
  export default plugin;
}

declare module 'markdown-it-container' {
  import type { PluginWithParams } from 'markdown-it';

  const plugin: PluginWithParams;
  export default plugin;
}

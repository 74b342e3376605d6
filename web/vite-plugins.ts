/** Build plugins of the SPA (web/vite.config.ts). */
import type { Plugin } from 'vite';

export const TOOLTIP_UNIQUE_STUB = '\0cuadra:antd-tooltip-unique-provider';

/**
 * antd's ConfigProvider wraps the app in Tooltip's UniqueProvider only when `tooltip.unique` is
 * set, which Cuadra does not do; importing it anyway puts @rc-component/trigger (about 9 kB gzip)
 * in every page's JavaScript, the login's included. ConfigProvider gets a stand-in that refuses
 * that option instead; Tooltip itself, in the lazy chunks, keeps the real one.
 */
export function withoutTooltipUniqueProvider(): Plugin {
  return {
    name: 'cuadra:without-tooltip-unique-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromConfigProvider = importer
        ?.replaceAll('\\', '/')
        .endsWith('/antd/es/config-provider/index.js');
      return source === '../tooltip/UniqueProvider' && fromConfigProvider ? TOOLTIP_UNIQUE_STUB : null;
    },
    load(id) {
      if (id !== TOOLTIP_UNIQUE_STUB) return null;
      return `export default function UniqueProvider() {
  throw new Error("ConfigProvider's tooltip.unique is not part of this build (web/vite-plugins.ts)");
}`;
    },
  };
}

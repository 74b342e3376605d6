import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { TOOLTIP_UNIQUE_STUB, withoutTooltipUniqueProvider } from '../../vite-plugins';
import '../testing/render';
import { UiProvider } from './provider';

const CONFIG_PROVIDER = '/repo/node_modules/antd/es/config-provider/index.js';

type Hook = (...args: unknown[]) => unknown;
const plugin = withoutTooltipUniqueProvider();
const resolveId = (source: string, importer?: string) => (plugin.resolveId as Hook)(source, importer);
const load = (id: string) => (plugin.load as Hook)(id);

describe("antd's tooltip.unique, left out of the build (web/vite-plugins.ts)", () => {
  it('is not asked for by the providers', () => {
    let unique: unknown = 'not rendered';
    function Probe() {
      unique = useContext(ConfigProvider.ConfigContext).tooltip?.unique;
      return null;
    }
    render(
      <UiProvider>
        <Probe />
      </UiProvider>,
    );
    expect(unique).toBeUndefined();
  });

  it("replaces only ConfigProvider's import of the unique provider", () => {
    expect(resolveId('../tooltip/UniqueProvider', CONFIG_PROVIDER)).toBe(TOOLTIP_UNIQUE_STUB);
    expect(
      resolveId('../tooltip/UniqueProvider', 'C:\\repo\\node_modules\\antd\\es\\config-provider\\index.js'),
    ).toBe(TOOLTIP_UNIQUE_STUB);
    // Tooltip keeps its own (Tooltip.UniqueProvider), and nothing else is touched.
    expect(resolveId('./UniqueProvider', '/repo/node_modules/antd/es/tooltip/index.js')).toBeNull();
    expect(resolveId('../tooltip', CONFIG_PROVIDER)).toBeNull();
    expect(resolveId('../tooltip/UniqueProvider')).toBeNull();
  });

  it('stands in with a provider that refuses to render, so the option cannot be lost silently', () => {
    expect(load('/repo/src/main.tsx')).toBeNull();
    const source = load(TOOLTIP_UNIQUE_STUB);
    const UniqueProvider = new Function(
      `${String(source).replace('export default ', 'return ')}`,
    )() as () => never;
    expect(() => UniqueProvider()).toThrow("ConfigProvider's tooltip.unique is not part of this build");
  });
});

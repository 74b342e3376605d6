import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { withoutTooltipUniqueProvider } from './vite-plugins';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The local cloud (`npm start`): API gateway, runtime config, Cognito shim and WebSocket. Another
 * port (`PORT=3100 npm start`) is reached with `CUADRA_CLOUD_URL=http://127.0.0.1:3100 npx vite`.
 */
const LOCAL_CLOUD = process.env.CUADRA_CLOUD_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), withoutTooltipUniqueProvider()],
  // The same aliases as the root tsconfig.json.
  resolve: { alias: { '@shared': here('../shared'), '@web': here('./src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        /**
         * Packages without a `sideEffects` field whose modules only declare things: without this
         * rule, antd's Input and Checkbox (through the form item context) bring the whole
         * @rc-component/form store and async-validator, about 13 kB gzip, into the login page.
         */
        moduleSideEffects: [
          { test: /node_modules\/@rc-component\/(form|async-validator)\//, sideEffects: false },
        ],
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': LOCAL_CLOUD,
      '/config.json': LOCAL_CLOUD,
      '/_cognito': LOCAL_CLOUD,
      '/ws': { target: LOCAL_CLOUD, ws: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
});

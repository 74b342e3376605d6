import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The local cloud (`npm start`): API gateway, runtime config, Cognito shim and WebSocket. Another
 * port (`PORT=3100 npm start`) is reached with `CUADRA_CLOUD_URL=http://127.0.0.1:3100 npx vite`.
 */
const LOCAL_CLOUD = process.env.CUADRA_CLOUD_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The same aliases as the root tsconfig.json.
  resolve: { alias: { '@shared': here('../shared'), '@web': here('./src') } },
  build: { outDir: 'dist', emptyOutDir: true },
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
